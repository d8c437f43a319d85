/**
 * The members file of the k6 member journeys, made against a running site (the BFF and accounts
 * on the local Redis and PostgreSQL) by infra/load/members-file.ts as an operator runs it: every
 * member it writes signs in with the written password, and a site that counts this machine's
 * sign-ups (no load-test mode) leaves the file short and the command failing with the advice.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  Browser,
  startAccountsStack,
  type AccountsStack,
} from '../tests/system/support/accounts-stack';

jest.setTimeout(120_000);

const CLI = path.resolve(__dirname, 'members-file.ts');
const TOKEN = 'members-file-test-token-'.padEnd(40, 'x');

interface Member {
  email: string;
  password: string;
}

let stack: AccountsStack;
let dir: string;
const tag = `mf${Date.now().toString(36)}`;

beforeAll(async () => {
  stack = await startAccountsStack('members-file', {
    // One sign-up per address per 10 minutes: the run below needs load-test mode to make more.
    bffEnv: { RATE_LIMIT_SIGNUP: '1/600', LOAD_TEST_TOKEN: TOKEN },
  });
  dir = await mkdtemp(path.join(tmpdir(), 'members-file-'));
});

afterAll(async () => {
  await stack?.db.query('DELETE FROM accounts.users WHERE email LIKE $1', [`load-${tag}%`]);
  await stack?.close();
  await rm(dir, { recursive: true, force: true });
});

async function run(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  const child: ChildProcess = fork(CLI, args, {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, LOAD_TEST_TOKEN: '', ...env },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

async function signsIn(member: Member): Promise<number> {
  const browser = await new Browser(stack.bff.url).open();
  const answer = await browser.call('POST', '/api/signin', member);
  return answer.status;
}

it('writes members who sign in, through the site in load-test mode by token', async () => {
  const out = path.join(dir, 'members.json');
  const { code, stderr } = await run(
    ['--base-url', stack.bff.url, '--count', '3', '--out', out, '--tag', `${tag}-a`],
    { LOAD_TEST_TOKEN: TOKEN },
  );
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  const members = JSON.parse(await readFile(out, 'utf8')) as Member[];
  expect(members).toHaveLength(3);
  expect(new Set(members.map((member) => member.email)).size).toBe(3);
  for (const member of members) {
    expect(member.email).toMatch(new RegExp(`^load-${tag}-a-.*@example\\.test$`));
    expect(await signsIn(member)).toBe(200);
  }
});

it('fails naming load-test mode when the site counts this machine, and writes the members made', async () => {
  const out = path.join(dir, 'short.json');
  const { code, stderr } = await run(
    ['--base-url', stack.bff.url, '--count', '3', '--out', out, '--tag', `${tag}-b`],
    {},
  );
  expect(code).toBe(1);
  expect(stderr).toContain('made 1 of 3 members');
  expect(stderr).toContain('load-test mode');
  const members = JSON.parse(await readFile(out, 'utf8')) as Member[];
  expect(members).toHaveLength(1);
  expect(await signsIn(members[0]!)).toBe(200);
});
