/**
 * The production users' commands of every provider (redis-acl.ts --rules, --aclfile), run as an
 * operator runs them against a private redis-server of its own (never the shared one) whose
 * provider restrictions are emulated: a self-run Redis restarts (ACL SETUSER alone lives in memory),
 * ElastiCache takes an access string without `reset` or passwords (decision 0072).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { STACK } from '../stack/manifest';
import {
  aclFile,
  aclUserName,
  elastiCacheAccessString,
  providerCommands,
  type AclPrefixes,
} from './redis-acl';

jest.setTimeout(30_000);

const prefixes: AclPrefixes = { transport: 'upright-prod', queue: 'upright-prod' };
const passwords = Object.fromEntries(
  STACK.map(({ name }) => [`REDIS_PASSWORD_${name.toUpperCase()}`, `${name}-secret-1`]),
);
const dir = mkdtempSync(path.join(os.tmpdir(), 'upright-redis-acl-'));
const aclPath = path.join(dir, 'users.acl');
let port = 0;
let server: ChildProcess | undefined;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: found } = probe.address() as { port: number };
      probe.close(() => resolve(found));
    });
    probe.on('error', reject);
  });
}

/** Starts the private server on its aclfile; resolves once it answers. */
async function startServer(): Promise<void> {
  server = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--aclfile',
      aclPath,
    ],
    { stdio: 'ignore' },
  );
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      execFileSync('redis-cli', ['-p', String(port), 'PING'], { stdio: 'pipe' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error('the private redis-server did not start');
}

/** SHUTDOWN (as a restart or failover does) and start again on the same aclfile. */
async function restart(): Promise<void> {
  const exited = new Promise((resolve) => server!.once('exit', resolve));
  execFileSync('redis-cli', ['-p', String(port), 'SHUTDOWN', 'NOSAVE'], { stdio: 'pipe' });
  await exited;
  await startServer();
}

/** Runs printed shell lines as an operator would, `redis-cli` aimed at the private server. */
function runAsOperator(lines: string[], env: Record<string, string> = passwords): string {
  const script = [`redis-cli() { command redis-cli -p ${port} "$@"; }`, ...lines].join('\n');
  return execFileSync('bash', ['-c', script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
}

/** The server's answer to `AUTH user password`: OK, or its refusal. */
function signIn(user: string, password: string): string {
  return execFileSync('redis-cli', ['-p', String(port), 'AUTH', user, password], {
    encoding: 'utf8',
  }).trim();
}

beforeAll(async () => {
  port = await freePort();
  writeFileSync(aclPath, '');
  await startServer();
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

it('keeps the self-run users the documented commands create across a restart', async () => {
  runAsOperator(providerCommands('self-run', prefixes));
  await restart();
  const bff = aclUserName('bff', prefixes);
  expect(signIn(bff, 'bff-secret-1')).toBe('OK');
  // The rules came back with the user: another process's stream is refused.
  const redis = new Redis({
    port,
    username: bff,
    password: 'bff-secret-1',
    maxRetriesPerRequest: 0,
  });
  try {
    await expect(redis.xrange('upright-prod:rpc:accounts', '-', '+')).rejects.toThrow(/NOPERM/);
  } finally {
    redis.disconnect();
  }
});

it('rotates a self-run password as documented, and the new one survives a restart', async () => {
  const mail = aclUserName('mail', prefixes);
  runAsOperator([`redis-cli ACL SETUSER ${mail} '>mail-secret-2'`, 'redis-cli ACL SAVE']);
  expect(signIn(mail, 'mail-secret-1')).toBe('OK');
  expect(signIn(mail, 'mail-secret-2')).toBe('OK');
  runAsOperator([`redis-cli ACL SETUSER ${mail} '<mail-secret-1'`, 'redis-cli ACL SAVE']);
  await restart();
  expect(signIn(mail, 'mail-secret-2')).toBe('OK');
  expect(signIn(mail, 'mail-secret-1')).toMatch(/WRONGPASS/);
});

it('starts a replica (or a new primary) with the users from the printed aclfile alone', async () => {
  const file = aclFile(prefixes, passwords);
  expect(file).not.toContain('-secret-1');
  writeFileSync(aclPath, file);
  await restart();
  for (const { name } of STACK) {
    expect(signIn(aclUserName(name, prefixes), `${name}-secret-1`)).toBe('OK');
  }
});

it('gives ElastiCache access strings it accepts, which grant exactly the rules', async () => {
  const lines = providerCommands('elasticache', prefixes);
  for (const { name } of STACK) {
    const accessString = elastiCacheAccessString(name, prefixes);
    // ElastiCache refuses `reset` and passwords in an access string (they are API parameters).
    const tokens = accessString.split(' ');
    expect(tokens.filter((token) => /^(reset|nopass$|[<>#!])/.test(token))).toEqual([]);
    expect(tokens[0]).toBe('on');
    const user = aclUserName(name, prefixes);
    const create = lines.find((line) => line.includes(`--user-id ${user} `))!;
    expect(create).toContain(`--access-string '${accessString}'`);
    expect(create).toContain(`--passwords "$REDIS_PASSWORD_${name.toUpperCase()}"`);
    // What create-user does with it: a new user with the password, then the string.
    execFileSync('redis-cli', ['-p', String(port), 'ACL', 'DELUSER', `ec-${user}`]);
    execFileSync('redis-cli', [
      '-p',
      String(port),
      'ACL',
      'SETUSER',
      `ec-${user}`,
      `>${name}-secret-1`,
      ...tokens,
    ]);
    const granted = execFileSync(
      'redis-cli',
      ['-p', String(port), 'ACL', 'GETUSER', `ec-${user}`],
      {
        encoding: 'utf8',
      },
    );
    const local = execFileSync('redis-cli', ['-p', String(port), 'ACL', 'GETUSER', user], {
      encoding: 'utf8',
    });
    // Same keys, channels and commands as the self-run user of the same rules.
    const rulesOf = (answer: string) =>
      answer.split('\n').slice(answer.split('\n').indexOf('commands'));
    expect(rulesOf(granted)).toEqual(rulesOf(local));
  }
  // Every user group needs a `default` user; the group names every process's user.
  expect(lines.join('\n')).toMatch(/--user-name default .*--access-string 'off -@all'/);
  const group = lines.find((line) => line.includes('create-user-group'))!;
  for (const { name } of STACK) expect(group).toContain(aclUserName(name, prefixes));
});
