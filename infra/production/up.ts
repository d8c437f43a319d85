/**
 * `make up-production` (decision 0052): the chart's production configuration started on this
 * machine. Renders the chart with values-local-production.yaml, starts PostgreSQL with SSL and
 * Redis with TLS only (server certificates from the stack's own CA, tls.sh), one Redis ACL user
 * per process as the chart's README says, an SMTP inbox; runs the migration Job's container,
 * imports the sample data set, starts every Deployment's container as a process with the
 * environment Kubernetes would give it (pods.ts), and nginx as the Ingress on
 * https://localhost:8443. Stays in the background; `make down-production` stops it all.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import https from 'node:https';
import Redis from 'ioredis';
import type { TransportIdentity } from '@upright/contracts';
import { aclRules, aclUserName } from '../local/redis-acl';
import { STACK } from '../stack/manifest';
import { repoRoot, type Manifest } from '../chart-tests/chart';
import { ingressNginxConfig } from './ingress-nginx';
import { rewritePaths } from './kubernetes';
import {
  CA_FILE,
  INGRESS_PORT,
  LOG_DIR,
  PODS_DIR,
  SITE_URL,
  STACK_DIR,
  TLS_DIR,
  VALUES_FILE,
  readState,
  writeState,
  type StackState,
} from './layout';
import type { ProcessPlan } from './pods';
import { INGRESS_TLS_SECRET, nodePlans, stackPlan } from './stack-plan';
import { stopStack } from './down';

const READY_TIMEOUT_MS = 90_000;
const SAMPLE_FILE = path.join(repoRoot, 'services', 'rankings', 'data', 'sample.json');
/** The `web` image's files (infra/docker/Dockerfile, stage web) and where they are here. */
const WEB_IMAGE_FILES: Record<string, string> = {
  '/etc/nginx/nginx.conf': path.join(repoRoot, 'infra', 'docker', 'web', 'nginx.conf'),
  '/etc/nginx/security-headers.conf': path.join(
    repoRoot,
    'infra',
    'docker',
    'web',
    'security-headers.conf',
  ),
  // A copy taken at start, as an image is: a rebuild of web/dist while the stack runs must not
  // change the assets under the pages the BFF already serves.
  '/usr/share/nginx/html': path.join(STACK_DIR, 'image', 'web', 'html'),
  '/usr/local/bin/start-nginx': path.join(repoRoot, 'infra', 'docker', 'web', 'start-nginx.sh'),
};

const state: StackState = { processes: [] };
const say = (message: string) => console.log(`[production] ${message}`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function logFile(name: string): number {
  return openSync(path.join(LOG_DIR, `${name}.log`), 'a');
}

function logTail(name: string): string {
  const file = path.join(LOG_DIR, `${name}.log`);
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').trim().split('\n').slice(-8).join('\n');
}

/** Runs a command to its end with its output in the stack's log; throws with the log's end. */
function runLogged(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): void {
  const log = logFile(name);
  const result = spawnSync(command, args, { cwd: repoRoot, env, stdio: ['ignore', log, log] });
  if (result.status !== 0) {
    throw new Error(`${name} failed (exit ${result.status}):\n${logTail(name)}`);
  }
}

/** Starts a long-running process in a process group of its own, its output in its log. */
function startBackground(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): number {
  const log = logFile(name);
  const child = spawn(command, args, {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', log, log],
  });
  child.unref();
  if (child.pid === undefined) throw new Error(`${name}: did not start`);
  state.processes.push({ name, pid: child.pid });
  writeState(state);
  return child.pid;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(name: string, pid: number, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!alive(pid)) throw new Error(`${name} exited:\n${logTail(name)}`);
    if (await ready().catch(() => false)) return;
    await pause(250);
  }
  throw new Error(`${name}: not ready after ${READY_TIMEOUT_MS / 1000} s:\n${logTail(name)}`);
}

/** A process's environment: the pod's, and the PATH to find node, nginx and sh. */
function processEnv(plan: ProcessPlan): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, ...plan.env };
}

function prepareTls(): void {
  runLogged('tls', path.join(__dirname, 'tls.sh'), [TLS_DIR, 'ingress', 'redis', 'postgres'], {
    PATH: process.env.PATH,
  });
}

function newestPostgresBin(): string {
  const versions = readdirSync('/usr/lib/postgresql')
    .filter((version) => existsSync(`/usr/lib/postgresql/${version}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0)
    throw new Error('no PostgreSQL server binaries in /usr/lib/postgresql');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

/**
 * A PostgreSQL cluster of its own, as the `postgres` OS user (the server refuses root), on the
 * admin URL's address: SSL on with the stack CA's certificate, and only `hostssl` lines in
 * pg_hba.conf, so a client without TLS is refused.
 */
async function startPostgres(adminUrl: URL): Promise<void> {
  const bin = newestPostgresBin();
  const dir = path.join(STACK_DIR, 'postgres');
  const data = path.join(dir, 'data');
  mkdirSync(dir, { recursive: true });
  const { uid, gid } = osUser('postgres');
  chownSync(dir, uid, gid);
  const passwordFile = path.join(dir, 'password');
  writeFileSync(passwordFile, decodeURIComponent(adminUrl.password), { mode: 0o600 });
  chownSync(passwordFile, uid, gid);
  const asPostgres = (name: string, args: string[]) =>
    runLogged(name, 'runuser', ['-u', 'postgres', '--', ...args], { PATH: process.env.PATH });
  asPostgres('postgres-initdb', [
    `${bin}/initdb`,
    '-D',
    data,
    '-U',
    decodeURIComponent(adminUrl.username),
    `--pwfile=${passwordFile}`,
    '--auth-local=peer',
    '--auth-host=scram-sha-256',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  rmSync(passwordFile);
  writeFileSync(
    path.join(data, 'pg_hba.conf'),
    ['local all all peer', 'hostssl all all 127.0.0.1/32 scram-sha-256', ''].join('\n'),
  );
  for (const [from, to] of [
    ['postgres.crt', 'server.crt'],
    ['postgres.key', 'server.key'],
  ]) {
    copyFileSync(path.join(TLS_DIR, from), path.join(data, to));
    chownSync(path.join(data, to), uid, gid);
    chmodSync(path.join(data, to), 0o600);
  }
  const options = [
    `-c port=${adminUrl.port}`,
    `-c listen_addresses=${adminUrl.hostname}`,
    `-c unix_socket_directories=${dir}`,
    '-c ssl=on',
    '-c log_connections=on',
  ].join(' ');
  asPostgres('postgres-start', [
    `${bin}/pg_ctl`,
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-o',
    options,
    '-w',
    'start',
  ]);
  state.postgres = { pgCtl: `${bin}/pg_ctl`, dataDir: data };
  writeState(state);
}

function osUser(name: string): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) throw new Error(`no OS user ${name} (is PostgreSQL installed?)`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * Redis on the URLs' address with its TLS port only (no plain port), the default user as the
 * administrator, then one ACL user per process with the README's rules (redis-acl.ts) and the
 * password of its URL.
 */
async function startRedis(urls: Record<string, string>, prefixes: Record<string, string>) {
  const endpoints = new Set(Object.values(urls).map((url) => new URL(url).host));
  if (endpoints.size !== 1) throw new Error(`Redis URLs name several servers: ${[...endpoints]}`);
  const first = new URL(Object.values(urls)[0]);
  const dir = path.join(STACK_DIR, 'redis');
  mkdirSync(dir, { recursive: true });
  const adminPassword = randomBytes(24).toString('hex');
  const pid = startBackground(
    'redis',
    'redis-server',
    [
      ...['--port', '0', '--tls-port', first.port, '--bind', first.hostname],
      ...['--tls-cert-file', path.join(TLS_DIR, 'redis.crt')],
      ...['--tls-key-file', path.join(TLS_DIR, 'redis.key')],
      ...['--tls-ca-cert-file', CA_FILE, '--tls-auth-clients', 'no'],
      ...['--save', '', '--appendonly', 'no', '--dir', dir, '--requirepass', adminPassword],
    ],
    { PATH: process.env.PATH },
  );
  const adminUrl = `rediss://:${adminPassword}@${first.host}`;
  state.redisAdminUrl = adminUrl;
  writeState(state);
  const admin = new Redis(adminUrl, {
    tls: { ca: readFileSync(CA_FILE) },
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  // Refused connections while it starts are expected: waitFor retries them.
  admin.on('error', () => undefined);
  await waitFor('redis', pid, async () => {
    await admin.connect();
    return (await admin.ping()) === 'PONG';
  });
  try {
    for (const [component, url] of Object.entries(urls)) {
      const identity = component as TransportIdentity;
      const parsed = new URL(url);
      const expected = aclUserName(identity, {
        transport: prefixes.TRANSPORT_PREFIX,
        queue: prefixes.QUEUE_PREFIX,
      });
      if (parsed.username !== expected) {
        throw new Error(
          `${component}: its Redis URL names user ${parsed.username}, not ${expected}`,
        );
      }
      const rules = aclRules(identity, {
        transport: prefixes.TRANSPORT_PREFIX,
        queue: prefixes.QUEUE_PREFIX,
      });
      await admin.call(
        'ACL',
        'SETUSER',
        expected,
        'reset',
        'on',
        `>${decodeURIComponent(parsed.password)}`,
        ...rules,
      );
    }
  } finally {
    admin.disconnect();
  }
}

/** The pod's files: its Secret volumes' keys at the mount paths, its emptyDirs (tmp: 1777). */
function preparePod(plan: ProcessPlan): void {
  for (const dir of plan.emptyDirs) {
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o1777);
  }
  for (const file of plan.files) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.contents, { mode: 0o444 });
  }
  for (const init of plan.initCommands) {
    const [command, ...args] = init.command;
    runLogged(`${plan.component}-${init.name}`, command, args, {
      PATH: process.env.PATH,
      ...init.env,
    });
  }
}

/** The image's command, with its WORKDIR (/app) being the checkout. */
function commandOf(plan: ProcessPlan): { command: string; args: string[] } {
  switch (plan.image.target) {
    case 'service':
    case 'bff':
      // CMD: node "/app/$WORKSPACE/dist/main.js"
      return {
        command: 'node',
        args: [path.join(repoRoot, plan.env.WORKSPACE, 'dist', 'main.js')],
      };
    case 'migrate':
      // CMD: node infra/local/migrate.js, the image's esbuild bundle of migrate.ts.
      return {
        command: path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
        args: [path.join(repoRoot, 'infra', 'local', 'migrate.ts')],
      };
    case 'web':
      return webCommand(plan);
  }
}

/**
 * The web image's nginx: its own nginx.conf, with the image's paths and the pod's /tmp mapped
 * to this machine and its port to the one it has here; started by the image's entrypoint.
 */
function webCommand(plan: ProcessPlan): { command: string; args: string[] } {
  cpSync(path.join(repoRoot, 'web', 'dist'), WEB_IMAGE_FILES['/usr/share/nginx/html'], {
    recursive: true,
  });
  const podEtc = path.join(PODS_DIR, plan.component, 'etc', 'nginx');
  mkdirSync(podEtc, { recursive: true });
  const paths = {
    ...plan.mounts,
    '/etc/nginx/security-headers.conf': WEB_IMAGE_FILES['/etc/nginx/security-headers.conf'],
    '/usr/share/nginx/html': WEB_IMAGE_FILES['/usr/share/nginx/html'],
  };
  const conf = rewritePaths(readFileSync(WEB_IMAGE_FILES['/etc/nginx/nginx.conf'], 'utf8'), paths)
    .replace(/listen (\d+);/g, (whole, port: string) => {
      const local = Object.values(plan.ports)[0];
      if (port !== '8080' || local === undefined) throw new Error(`web: unexpected ${whole}`);
      return `listen 127.0.0.1:${local};`;
    })
    .replace('access_log /dev/stdout', `access_log ${path.join(LOG_DIR, 'web-access.log')}`);
  const confFile = path.join(podEtc, 'nginx.conf');
  writeFileSync(confFile, conf);
  return {
    command: 'sh',
    args: [WEB_IMAGE_FILES['/usr/local/bin/start-nginx'], '-c', confFile, '-e', 'stderr'],
  };
}

async function startDeployment(plan: ProcessPlan): Promise<void> {
  preparePod(plan);
  const { command, args } = commandOf(plan);
  const pid = startBackground(plan.component, command, args, processEnv(plan));
  const probe = plan.readiness;
  if (!probe) return;
  await waitFor(plan.component, pid, async () => {
    const response = await fetch(`http://127.0.0.1:${probe.port}${probe.path}`);
    return response.ok;
  });
  say(`${plan.component} ready (pid ${pid}, port ${probe.port})`);
}

/** Like `kubectl exec` into a pod: a command of its image with the pod's environment. */
function execInPod(plan: ProcessPlan, name: string, args: string[], extra = {}): void {
  runLogged(name, 'node', args, { ...processEnv(plan), ...extra });
}

function siteAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const request = https.get(
      `${SITE_URL}/`,
      { ca: readFileSync(CA_FILE), family: 4 },
      (response) => {
        response.resume();
        resolve((response.statusCode ?? 500) < 500);
      },
    );
    request.on('error', () => resolve(false));
  });
}

async function startIngress(manifests: Manifest[], plans: ProcessPlan[]) {
  const dir = path.join(STACK_DIR, 'ingress');
  mkdirSync(dir, { recursive: true });
  const conf = ingressNginxConfig(manifests, {
    listen: [`127.0.0.1:${INGRESS_PORT}`, `[::1]:${INGRESS_PORT}`],
    // One pod per Deployment here.
    localPorts: (component, portName) => {
      const port = plans.find((plan) => plan.component === component)?.ports[portName];
      if (port === undefined) throw new Error(`no local port for ${component}/${portName}`);
      return [port];
    },
    tlsFiles: (secretName) => {
      if (secretName !== INGRESS_TLS_SECRET) throw new Error(`no TLS Secret ${secretName}`);
      return { cert: path.join(TLS_DIR, 'ingress.crt'), key: path.join(TLS_DIR, 'ingress.key') };
    },
    stateDir: dir,
    logDir: LOG_DIR,
  });
  const confFile = path.join(dir, 'nginx.conf');
  writeFileSync(confFile, conf);
  runLogged('ingress-check', '/usr/sbin/nginx', ['-t', '-q', '-c', confFile, '-e', 'stderr'], {});
  const pid = startBackground(
    'ingress',
    '/usr/sbin/nginx',
    ['-c', confFile, '-e', 'stderr', '-g', 'daemon off;'],
    {},
  );
  await waitFor('ingress', pid, siteAnswers);
}

/** Start order: the services before the BFF that calls them (the stack manifest's), web last. */
function startOrder(plan: ProcessPlan): number {
  const index = STACK.findIndex((process) => process.name === plan.component);
  return index === -1 ? STACK.length : index;
}

async function main(): Promise<void> {
  const previous = readState();
  if (previous?.processes.some(({ pid }) => alive(pid))) {
    throw new Error('the production stack is running: make down-production first');
  }
  rmSync(STACK_DIR, { recursive: true, force: true });
  mkdirSync(LOG_DIR, { recursive: true });
  writeState(state);

  prepareTls();
  const plan = stackPlan();
  const { manifests, migrate, deployments } = plan;
  say(`rendered charts/upright with ${VALUES_FILE}`);
  const node = nodePlans(plan);

  const adminUrl = new URL(migrate.env.DATABASE_ADMIN_URL);
  await startPostgres(adminUrl);
  say(`PostgreSQL with SSL on ${adminUrl.host} (hostssl only)`);
  await startRedis(Object.fromEntries(node.map((plan) => [plan.component, plan.env.REDIS_URL])), {
    TRANSPORT_PREFIX: node[0].env.TRANSPORT_PREFIX,
    QUEUE_PREFIX: node[0].env.QUEUE_PREFIX,
  });
  say(`Redis with TLS only, one ACL user per process`);
  const smtp = new URL(deployments.find((plan) => plan.env.SMTP_URL)!.env.SMTP_URL);
  startBackground(
    'maildev',
    'node',
    [
      path.join(repoRoot, 'node_modules', 'maildev', 'bin', 'maildev'),
      ...['--ip', smtp.hostname, '--smtp', smtp.port, '--web', String(Number(smtp.port) + 1)],
    ],
    { PATH: process.env.PATH },
  );

  // The pre-install hook: the Job's container, to its end, before any Deployment.
  preparePod(migrate);
  const { command, args } = commandOf(migrate);
  runLogged('migrate', command, args, processEnv(migrate));
  say('migration Job done');
  // The sample data set, imported as an operator would (`kubectl exec` into each importer's pod).
  for (const { name, importer } of STACK) {
    const plan = deployments.find((candidate) => candidate.component === name);
    if (importer && plan) {
      preparePod(plan);
      execInPod(plan, `${name}-import`, [path.join(repoRoot, importer), SAMPLE_FILE, '--publish']);
    }
  }
  say('sample data imported');

  for (const plan of [...deployments].sort((a, b) => startOrder(a) - startOrder(b))) {
    await startDeployment(plan);
  }
  const search = deployments.find((plan) => plan.component === 'search');
  if (search) {
    execInPod(
      search,
      'search-reindex',
      [path.join(repoRoot, 'services', 'search', 'dist', 'reindex', 'cli.js')],
      { REINDEX_TIMEOUT_MS: '120000' },
    );
  }
  await startIngress(manifests, deployments);
  say(`the site answers at ${SITE_URL} (certificate from ${path.relative(repoRoot, CA_FILE)})`);
  say(`logs in ${path.relative(repoRoot, LOG_DIR)}; stop it with make down-production`);
}

main().catch(async (error: unknown) => {
  console.error(`[production] ${(error as Error).message}`);
  await stopStack();
  process.exit(1);
});
