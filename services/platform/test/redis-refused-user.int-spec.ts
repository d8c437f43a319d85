/**
 * A process that Redis refuses at start-up (a Secret whose user was never created, or whose
 * rules lack a command) says so in one log line naming the user it tried, never the password,
 * and where the users' rules are documented. Real processes against the shared local Redis:
 * the first user does not exist; the second is made here (a unique name) and removed after.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { resolve } from 'node:path';
import Redis from 'ioredis';
import { freePort } from '../src/testing/local-resources';
import { delay, eventually } from '../src/testing/polling';

jest.setTimeout(40_000);

const FIXTURE = resolve(__dirname, 'fixtures/platform-process.ts');
/** Loads the sources with decorator metadata, which Nest's injection needs (tsx emits none). */
const REGISTER_TS = resolve(__dirname, '../../mail/test/fixtures/register-ts.cjs');
const ADMIN_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const unique = randomBytes(4).toString('hex');

interface Started {
  child: ChildProcess;
  /** Every line the process wrote, stdout and stderr. */
  lines: string[];
}

async function startProcess(user: string, password: string): Promise<Started> {
  const url = new URL(ADMIN_REDIS_URL);
  url.username = user;
  url.password = password;
  const child = fork(FIXTURE, [], {
    execArgv: ['--require', REGISTER_TS],
    env: {
      ...process.env,
      REDIS_URL: url.toString(),
      TRANSPORT_PREFIX: `test-refused-${unique}`,
      HTTP_PORT: String(await freePort()),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const lines: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop()!;
      lines.push(...parts);
    });
  }
  return { child, lines };
}

async function stop({ child }: Started): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

interface LogEntry {
  level: number;
  service: string;
  msg: string;
}

/** The log entries that name the refused user, once several retries have been refused too. */
async function refusals(started: Started, user: string): Promise<LogEntry[]> {
  const about = () =>
    started.lines
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogEntry)
      .filter((entry) => entry.msg.includes(`"${user}"`));
  await eventually('the line naming the refused user', () => about().length > 0, 20_000);
  // ioredis retries every few hundred milliseconds; each retry is refused again.
  await delay(3000);
  return about();
}

it('names the user Redis does not know, and the README section, in one line without the password', async () => {
  const user = `upright-test-${unique}-missing`;
  const password = `not-a-password-${unique}`;
  const started = await startProcess(user, password);
  try {
    const entries = await refusals(started, user);
    expect(entries).toHaveLength(1);
    const entry = entries[0]!;
    expect(entry).toMatchObject({ level: 50, service: 'search' });
    expect(entry.msg).toContain(`Redis refused user "${user}"`);
    expect(entry.msg).toContain('WRONGPASS');
    expect(entry.msg).toContain('"Redis users" section of charts/upright/README.md');
    // Still running: the user may be created while it waits, like a Redis that is away.
    expect(started.child.exitCode).toBeNull();
    expect(started.lines.join('\n')).not.toContain(password);
  } finally {
    await stop(started);
  }
});

it('names a user that signs in but may not run a command (NOPERM)', async () => {
  const user = `upright-test-${unique}-noperm`;
  const password = `a-password-${unique}`;
  const admin = new Redis(ADMIN_REDIS_URL);
  await admin.call('ACL', 'SETUSER', user, 'reset', 'on', `>${password}`, '-@all');
  const started = await startProcess(user, password);
  try {
    const entries = await refusals(started, user);
    expect(entries).toHaveLength(1);
    const entry = entries[0]!;
    expect(entry.msg).toContain(`Redis refused user "${user}"`);
    expect(entry.msg).toContain('NOPERM');
    expect(started.lines.join('\n')).not.toContain(password);
  } finally {
    await stop(started);
    await admin.call('ACL', 'DELUSER', user);
    admin.disconnect();
  }
});
