/**
 * Every image of `make images`, started as the chart starts it (decision 0073): UID 10001, a
 * read-only root filesystem with a writable /tmp, every capability dropped, no privilege
 * escalation, NODE_ENV=production; host networking on loopback only (the engine runs without a
 * bridge). Against stores of the test's own on private ports: a database of its own on the local
 * PostgreSQL, a Redis that speaks TLS only to the services (each its own ACL user, the CA mounted
 * as the chart mounts it) and an SMTP inbox. The migration image applies every migration, each
 * service and the BFF report ready, the web image answers on the port it is given.
 * Run by `make test-images`, which builds the images first (IMAGE_REGISTRY/IMAGE_TAG name them).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { transportPeersOf } from '@upright/contracts';
import { derivePairSecret } from '@upright/transport';
import { loadImages, repoRoot } from './images';
import { startMaildev, stopProcess, type RunningProcess } from '../local/process-stack';
import { ensureRedisUsers } from '../local/redis-acl';
import { rolePasswordVariable } from '../local/migrate';
import {
  databaseUrlVariable,
  healthPort,
  opsPort,
  portIn,
  SCHEMA_OWNERS,
  STACK,
} from '../stack/manifest';

const engine = process.env.CONTAINER_ENGINE ?? 'docker';
const registry = process.env.IMAGE_REGISTRY ?? 'ghcr.io/upright';
const tag = process.env.IMAGE_TAG ?? 'latest';
const reference = (name: string) => `${registry}/${name}:${tag}`;
const READY_TIMEOUT_MS = 90_000;

/** Ports below the kernel's ephemeral range, clear of `make up` and the production stack. */
const basePort = 22_000 + Math.floor(Math.random() * 900) * 10;
const [redisPlainPort, redisTlsPort, smtpPort, inboxPort, webPort] = [1, 2, 3, 4, 5].map(
  (offset) => basePort + 9_000 + offset,
);
const runId = `img${process.pid}${Date.now().toString(36)}`;
const database = `upright_${runId}`;
const work = mkdtempSync(path.join(tmpdir(), 'upright-images-'));
const tlsDir = path.join(work, 'tls');
/** Where the chart mounts the CA bundle a process trusts (NODE_EXTRA_CA_CERTS). */
const CA_IN_CONTAINER = '/etc/upright/ca/ca.crt';
const containers: string[] = [];
let redis: ChildProcess | undefined;
let inbox: RunningProcess | undefined;

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set (run through make, which reads local.env)`);
  return value;
}

function onDatabase(url: string): string {
  const moved = new URL(url);
  moved.pathname = `/${database}`;
  return moved.toString();
}

function engineRun(args: string[]) {
  return spawnSync(engine, args, { encoding: 'utf8' });
}

/** The chart's pod and container security context, as engine flags, on the host's network. */
function securityFlags(): string[] {
  return [
    '--network=host',
    '--user=10001:10001',
    '--read-only',
    '--tmpfs=/tmp:rw,size=64m,mode=1777',
    '--cap-drop=ALL',
    '--security-opt=no-new-privileges',
    `--volume=${path.join(tlsDir, 'ca.crt')}:${CA_IN_CONTAINER}:ro`,
  ];
}

function envFlags(env: Record<string, string>): string[] {
  return Object.entries(env).map(([name, value]) => `--env=${name}=${value}`);
}

function logsOf(container: string): string {
  const result = engineRun(['logs', '--tail', '15', container]);
  return `${result.stdout}${result.stderr}`.trim();
}

function startContainer(name: string, image: string, env: Record<string, string>): string {
  const container = `${runId}-${name}`;
  const result = engineRun([
    'run',
    '--detach',
    `--name=${container}`,
    ...securityFlags(),
    ...envFlags(env),
    image,
  ]);
  if (result.status !== 0) throw new Error(`${name}: ${engine} run failed: ${result.stderr}`);
  containers.push(container);
  return container;
}

function running(container: string): boolean {
  return (
    engineRun(['inspect', '--format', '{{.State.Running}}', container]).stdout.trim() === 'true'
  );
}

async function waitReady(name: string, container: string, url: string): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < READY_TIMEOUT_MS) {
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return Date.now() - started;
    if (!running(container)) throw new Error(`${name} exited:\n${logsOf(container)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `${name}: ${url} not ready after ${READY_TIMEOUT_MS / 1000} s:\n${logsOf(container)}`,
  );
}

async function query<T>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: onDatabase(requireEnv('DATABASE_ADMIN_URL')) });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A Redis of the test's own: TLS for the processes, a loopback plain port for the admin. */
async function startRedis(): Promise<void> {
  const result = spawnSync(path.join(repoRoot, 'infra', 'production', 'tls.sh'), [tlsDir, 'redis']);
  if (result.status !== 0) throw new Error(`tls.sh failed: ${result.stderr}`);
  // The container's user (10001) reads the CA through the mount; the keys stay root's.
  chmodSync(work, 0o755);
  chmodSync(tlsDir, 0o755);
  chmodSync(path.join(tlsDir, 'ca.crt'), 0o644);
  redis = spawn(
    'redis-server',
    [
      '--bind',
      '127.0.0.1',
      '--port',
      String(redisPlainPort),
      '--tls-port',
      String(redisTlsPort),
      '--tls-cert-file',
      path.join(tlsDir, 'redis.crt'),
      '--tls-key-file',
      path.join(tlsDir, 'redis.key'),
      '--tls-ca-cert-file',
      path.join(tlsDir, 'ca.crt'),
      '--tls-auth-clients',
      'no',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      work,
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 10_000;
  while (
    spawnSync('redis-cli', ['-p', String(redisPlainPort), 'PING'])
      .stdout?.toString()
      .trim() !== 'PONG'
  ) {
    if (Date.now() > deadline) throw new Error('the test Redis did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Each process's REDIS_URL: its own ACL user, over TLS, with the name it has in the chart. */
async function redisUrls(): Promise<Record<string, string>> {
  const plain = await ensureRedisUsers(
    `redis://127.0.0.1:${redisPlainPort}`,
    { transport: runId, queue: runId },
    randomBytes(16).toString('hex'),
  );
  return Object.fromEntries(
    Object.entries(plain).map(([name, url]) => {
      const tls = new URL(url);
      tls.protocol = 'rediss:';
      tls.port = String(redisTlsPort);
      // The server certificate names localhost (tls.sh), as verify-full wants it.
      tls.hostname = 'localhost';
      return [name, tls.toString()];
    }),
  );
}

/** Pair keys as the chart's Secret holds them: each process only its own pairs. */
function transportKeys(name: (typeof STACK)[number]['name'], master: string): string {
  return transportPeersOf(name)
    .map((peer) => `${peer}=${derivePairSecret(master, name, peer).toString('base64')}`)
    .join(',');
}

/** What every Node process gets, from local.env plus the chart's production settings. */
function commonEnv(): Record<string, string> {
  const fromLocal = [
    'SESSION_COOKIE_KEY',
    'CAPTCHA_HMAC_SECRET',
    'UNSUBSCRIBE_SECRET',
    'MAIL_FROM',
    'CONTACT_INBOX',
    'PRODUCT_NAME',
  ];
  return {
    ...Object.fromEntries(fromLocal.map((name) => [name, requireEnv(name)])),
    NODE_ENV: 'production',
    HTTP_HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_EXTRA_CA_CERTS: CA_IN_CONTAINER,
    TRANSPORT_PREFIX: runId,
    QUEUE_PREFIX: runId,
    PUBLIC_URL: 'https://upright.example',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    OPENSEARCH_URL: '',
  };
}

function rolePasswords(): Record<string, string> {
  return Object.fromEntries(
    SCHEMA_OWNERS.map((service) => {
      const variable = rolePasswordVariable(service);
      return [variable, requireEnv(variable)];
    }),
  );
}

beforeAll(async () => {
  // Every image of `make images` is here: the test starts what was built, never builds itself.
  const missing = loadImages()
    .map((image) => reference(image.name))
    .filter((image) => engineRun(['image', 'inspect', image]).status !== 0);
  if (missing.length > 0)
    throw new Error(`not built: ${missing.join(', ')} (run make test-images)`);
  await startRedis();
  inbox = await startMaildev(smtpPort, inboxPort);
});

afterAll(async () => {
  for (const container of containers) engineRun(['rm', '--force', container]);
  redis?.kill('SIGTERM');
  if (inbox) await stopProcess(inbox);
  const admin = new URL(requireEnv('DATABASE_ADMIN_URL'));
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await client.end();
  rmSync(work, { recursive: true, force: true });
});

describe('the images, started with the chart’s security context', () => {
  it('upright-migrate applies every migration to a new database, twice without harm', async () => {
    const env = {
      DATABASE_ADMIN_URL: onDatabase(requireEnv('DATABASE_ADMIN_URL')),
      ...rolePasswords(),
    };
    for (let run = 0; run < 2; run++) {
      const result = engineRun([
        'run',
        '--rm',
        ...securityFlags(),
        ...envFlags(env),
        reference('upright-migrate'),
      ]);
      expect({ status: result.status, stderr: result.stderr }).toEqual({
        status: 0,
        stderr: expect.not.stringMatching(/error/i) as unknown as string,
      });
    }
    for (const service of SCHEMA_OWNERS) {
      const files = readdirSync(path.join(repoRoot, 'services', service, 'db', 'migrations'))
        .filter((file) => file.endsWith('.sql'))
        .map((file) => file.split('_')[0])
        .sort();
      const applied = await query<{ version: string }>(
        `SELECT version FROM ${service}.schema_migrations ORDER BY version`,
      );
      expect(applied.map((row) => row.version)).toEqual(files);
    }
  });

  it('every service and the BFF start as UID 10001 on a read-only root and report ready', async () => {
    const urls = await redisUrls();
    const master = randomBytes(32).toString('hex');
    const common = commonEnv();
    const started: Array<{ name: string; container: string; url: string }> = [];
    // Started together and awaited together: their start-ups overlap on the two cores.
    for (const spec of STACK) {
      const port = portIn(spec, basePort);
      const env: Record<string, string> = {
        ...common,
        HTTP_PORT: String(port),
        OPS_PORT: String(opsPort(port)),
        REDIS_URL: urls[spec.name],
        TRANSPORT_KEYS: transportKeys(spec.name, master),
      };
      if (spec.ownsSchema) {
        env.DATABASE_URL = onDatabase(requireEnv(databaseUrlVariable(spec.name)));
      }
      const container = startContainer(spec.name, reference(`upright-${spec.name}`), env);
      started.push({
        name: spec.name,
        container,
        url: `http://127.0.0.1:${healthPort(spec.name, port)}/health/ready`,
      });
    }
    const times = await Promise.all(
      started.map(async ({ name, container, url }) => {
        const ms = await waitReady(name, container, url);
        return `${name} ${(ms / 1000).toFixed(1)} s`;
      }),
    );
    console.log(`[images] ready after: ${times.join(', ')}`);
    for (const { container } of started) {
      const user = engineRun(['exec', container, 'id', '-u']).stdout.trim();
      expect(user).toBe('10001');
      // The root filesystem refuses a write; /tmp takes it.
      expect(engineRun(['exec', container, 'touch', '/app/written']).status).not.toBe(0);
      expect(engineRun(['exec', container, 'touch', '/tmp/written']).status).toBe(0);
    }
    // The BFF renders a page from rankings: the built app and its server renderer are in its
    // image, and it reaches rankings over the TLS Redis.
    const bff = STACK.find((spec) => spec.name === 'bff')!;
    const page = await fetch(`http://127.0.0.1:${portIn(bff, basePort)}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<div id="root"[^>]*>\s*<\w/);
  });

  it('upright-web serves the app and its health on the port it is given', async () => {
    const container = startContainer('web', reference('upright-web'), {
      HTTP_PORT: String(webPort),
    });
    await waitReady('web', container, `http://127.0.0.1:${webPort}/health/ready`);
    const index = await fetch(`http://127.0.0.1:${webPort}/companies/anything`);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<div id="root"');
    expect(index.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    const nothingOn8080 = await fetch('http://127.0.0.1:8080/health/ready').then(
      (response) => response.headers.get('server'),
      () => null,
    );
    expect(nothingOn8080).not.toBe('nginx');
  });
});
