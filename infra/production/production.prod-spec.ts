/**
 * What only production mode does, checked against the stack `make up-production` runs (the
 * `production` jest project; `make test-production` starts and stops the stack around it):
 * TLS everywhere the chart expects it, `__Host-` cookies, HSTS and a CSP without development
 * allowances through the ingress, per-client budgets keyed on the address the ingress saw,
 * health and metrics kept off the ingress, the ingress's own refusals (decision 0076), and
 * processes that refuse a production start without a secret or with a plain redis:// URL.
 */
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import Redis from 'ioredis';
import { Client } from 'pg';
import { SCHEMA_OWNERS, STACK } from '../stack/manifest';
import { ofKind, repoRoot } from '../chart-tests/chart';
import { ingressLimits, REFUSAL_BODIES, REFUSAL_RETRY_AFTER_SECONDS } from './ingress-nginx';
import { CA_FILE, INGRESS_PORT, LOG_DIR, SITE_URL, STACK_DIR, readState } from './layout';
import { nodePlans, stackPlan, type StackPlan } from './stack-plan';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  issuer?: string;
}

interface RequestOptions {
  localAddress?: string;
  headers?: Record<string, string>;
  ca?: Buffer | null;
  agent?: https.Agent;
}

/**
 * An HTTPS request to the ingress, from `localAddress` (any 127/8 address is this machine), on a
 * connection of its own unless an `agent` (with its own address) keeps a few open; a JSON body
 * when given.
 */
function send(
  method: string,
  pathname: string,
  options: RequestOptions & { json?: unknown } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = options.json === undefined ? undefined : JSON.stringify(options.json);
    const request = https.request(
      `${SITE_URL}${pathname}`,
      {
        method,
        family: 4,
        localAddress: options.localAddress,
        headers: {
          ...options.headers,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(options.ca === null ? {} : { ca: options.ca ?? readFileSync(CA_FILE) }),
        agent: options.agent ?? false,
      },
      (response) => {
        // Read while the socket is the response's: a kept-open one goes back to its agent.
        const socket = response.socket as tls.TLSSocket;
        const issuer = String(socket.getPeerCertificate?.()?.issuer?.CN);
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: text,
            issuer,
          });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const get = (pathname: string, options: RequestOptions = {}) => send('GET', pathname, options);

/**
 * The status of a request line sent as written over TLS (an HTTP client would drop a `#…` or
 * rewrite an absolute-form target first).
 */
function rawStatus(requestLine: string, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      socket: net.connect({ host: '127.0.0.1', port: INGRESS_PORT, localAddress }),
      servername: 'localhost',
      ca: readFileSync(CA_FILE),
    });
    socket.on('secureConnect', () =>
      socket.write(
        `${requestLine}\r\nHost: localhost:${INGRESS_PORT}\r\nConnection: close\r\n\r\n`,
      ),
    );
    let head = '';
    socket.on('data', (chunk: Buffer) => (head += chunk.toString('latin1')));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

/** A loopback address of this run's own (not 127.0.0.1, which runs in load-test mode). */
function freshLoopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(2, 255)}`;
}

let plan: StackPlan;

beforeAll(() => {
  const state = readState();
  if (!state?.processes.length) {
    throw new Error('the production stack is not running: make up-production first');
  }
  plan = stackPlan();
});

describe('TLS where the chart expects it', () => {
  it('the site answers over HTTPS with a certificate from the stack CA, and only with it', async () => {
    const answer = await get('/');
    expect(answer.status).toBe(200);
    expect(answer.issuer).toBe('Upright local production test CA');
    // Without the test CA the certificate is not trusted: nothing is accepted blindly.
    await expect(get('/', { ca: null })).rejects.toThrow(/certificate/i);
  });

  it('every Node process runs with NODE_ENV=production', () => {
    const running = readState()!.processes.filter(({ name }) =>
      STACK.some((process) => process.name === name),
    );
    expect(running.map(({ name }) => name).sort()).toEqual(STACK.map(({ name }) => name).sort());
    for (const { pid } of running) {
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      expect(environ).toContain('NODE_ENV=production');
    }
  });

  it('PostgreSQL: every connection was SSL, each schema owner connected, plain ones refused', async () => {
    // The server's own log (log_connections): one line per authorized connection, with its TLS.
    const authorized = readFileSync(path.join(STACK_DIR, 'postgres', 'server.log'), 'utf8')
      .split('\n')
      .filter((line) => line.includes('connection authorized:'));
    expect(authorized.filter((line) => !line.includes('SSL enabled'))).toEqual([]);
    for (const owner of SCHEMA_OWNERS) {
      expect(authorized.some((line) => line.includes(`user=upright_${owner} `))).toBe(true);
    }
    const admin = new URL(plan.migrate.env.DATABASE_ADMIN_URL);
    const client = new Client({
      connectionString: admin.toString().replace('sslmode=verify-full', ''),
      ssl: { ca: readFileSync(CA_FILE, 'utf8') },
    });
    await client.connect();
    try {
      const { rows } = await client.query<{ ssl: boolean }>(
        `select s.ssl from pg_stat_ssl s join pg_stat_activity a using (pid)
          where a.backend_type = 'client backend'`,
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((row) => !row.ssl)).toEqual([]);
    } finally {
      await client.end();
    }
    const plain = new Client({ connectionString: admin.toString().split('?')[0], ssl: false });
    await expect(plain.connect()).rejects.toThrow(/no encryption/);
  });

  it('Redis: TLS port only, every process connected as its own ACL user', async () => {
    const admin = new Redis(readState()!.redisAdminUrl!, {
      tls: { ca: readFileSync(CA_FILE) },
      maxRetriesPerRequest: 1,
    });
    try {
      expect(await admin.call('CONFIG', 'GET', 'port')).toEqual(['port', '0']);
      const clients = String(await admin.call('CLIENT', 'LIST'));
      const users = new Set([...clients.matchAll(/ user=(\S+)/g)].map((match) => match[1]));
      for (const process of nodePlans(plan)) {
        expect(users).toContain(new URL(process.env.REDIS_URL).username);
      }
    } finally {
      admin.disconnect();
    }
    // A client without TLS gets no Redis answer on that port.
    const port = Number(new URL(nodePlans(plan)[0].env.REDIS_URL).port);
    const reply = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', () => undefined);
      socket.setTimeout(3000, () => socket.destroy());
    });
    expect(reply).not.toContain('PONG');
  });
});

describe('production-only answers through the ingress', () => {
  it('sets __Host- cookies: Secure, path /, no Domain', async () => {
    const answer = await get('/api/csrf');
    const cookies = [answer.headers['set-cookie'] ?? []].flat();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/^__Host-/);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*Path=\/(;|$)/);
      expect(cookie).not.toMatch(/;\s*Domain=/i);
    }
  });

  it('sends HSTS and a CSP without development allowances', async () => {
    const answer = await get('/');
    const hsts = String(answer.headers['strict-transport-security']);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'self'/);
    const scripts = /script-src ([^;]*)/.exec(csp)![1];
    expect(scripts).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
    expect(csp).not.toMatch(/ws:|wss:|http:|localhost|127\.0\.0\.1/);
  });

  it('keeps health and metrics off the ingress (they answer on the pod port)', async () => {
    for (const pathname of ['/metrics', '/health/live', '/health/ready']) {
      expect({ pathname, status: (await get(pathname)).status }).toEqual({ pathname, status: 404 });
    }
    const bff = plan.deployments.find((candidate) => candidate.component === 'bff')!;
    const direct = await fetch(`http://127.0.0.1:${bff.readiness!.port}${bff.readiness!.path}`);
    expect(direct.status).toBe(200);
  });

  it('keys per-client budgets on the address the ingress saw, not on X-Forwarded-For', async () => {
    const [client, neighbour] = [freshLoopbackAddress(), freshLoopbackAddress()];
    // Captcha challenges: RATE_LIMIT_CAPTCHA, 30 a minute per client by default.
    const statuses: number[] = [];
    for (let i = 0; i < 40 && !statuses.includes(429); i += 1) {
      // Each request claims another address: the BFF must keep to the one nginx appended.
      const claimed = `203.0.113.${i + 1}`;
      statuses.push(
        (
          await get('/api/captcha', {
            localAddress: client,
            headers: { 'X-Forwarded-For': claimed },
          })
        ).status,
      );
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(1);
    expect((await get('/api/captcha', { localAddress: neighbour })).status).toBe(200);
  });
});

describe('refusals at the ingress, before a pod (decision 0076)', () => {
  it('refuses one client past its rate 503 with Retry-After, whatever it claims, and serves another', async () => {
    const site = ofKind(plan.manifests, 'Ingress').find((ingress) =>
      ingress.metadata.name.endsWith('-site'),
    )!;
    const { rate, connections } = ingressLimits(site);
    const [client, neighbour] = [freshLoopbackAddress(), freshLoopbackAddress()];
    // A few kept-open connections (under limit-connections) and more requests than the burst
    // plus two seconds of the rate: whatever the machine's speed, the bucket runs over.
    const agent = new https.Agent({
      keepAlive: true,
      maxSockets: Math.min(4, connections ?? 4),
      localAddress: client,
      family: 4,
      ca: readFileSync(CA_FILE),
    });
    const pathnames = Array.from({ length: rate!.burst + 2 * rate!.perSecond }, (_, i) =>
      i % 4 === 3 ? '/api/industries' : '/',
    );
    try {
      const answers = await Promise.all(
        pathnames.map(async (pathname, i) => ({
          pathname,
          // Each request claims another address: the ingress keys on the one it saw.
          ...(await get(pathname, {
            agent,
            headers: { 'X-Forwarded-For': `203.0.113.${(i % 250) + 1}` },
          })),
        })),
      );
      const refused = answers.filter((answer) => answer.status === 503);
      expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
      expect(refused.length).toBeGreaterThan(0);
      for (const answer of refused) {
        expect(answer.headers['retry-after']).toBe(String(REFUSAL_RETRY_AFTER_SECONDS));
        // The ingress's answer, not a BFF's shed (which carries the BFF's security headers).
        expect(answer.headers['content-security-policy']).toBeUndefined();
        const api = answer.pathname.startsWith('/api/');
        expect(answer.body).toBe(api ? REFUSAL_BODIES.json : REFUSAL_BODIES.html);
        expect(answer.headers['content-type']).toMatch(api ? /^application\/json/ : /^text\/html/);
      }
      expect(new Set(refused.map((answer) => answer.pathname))).toEqual(
        new Set(['/', '/api/industries']),
      );
    } finally {
      agent.destroy();
    }
    expect((await get('/', { localAddress: neighbour })).status).toBe(200);
  });

  it("refuses the sign-ins beyond the password Ingress's cap at once, as the ingress, not a pod (decision 0081)", async () => {
    const ingresses = ofKind(plan.manifests, 'Ingress');
    const password = ingresses.find((ingress) => ingress.metadata.name.endsWith('-password'))!;
    const cap = ingressLimits(password).maxConnsPerPod!;
    expect(cap).toBeGreaterThan(0);
    // Far more at once than the pods' caps together, each from an address of its own (so no
    // per-client limit bites): each sign-in makes accounts verify a password, tens of ms.
    const answers = await Promise.all(
      Array.from({ length: cap * 12 }, (_, i) =>
        send('POST', '/api/signin', {
          localAddress: freshLoopbackAddress(),
          json: { email: `nobody-${i}@upright.localhost`, password: 'not the password 1' },
        }),
      ),
    );
    const byIngress = answers.filter(
      (answer) => answer.status === 503 && answer.headers['content-security-policy'] === undefined,
    );
    const byPods = answers.filter(
      (answer) => answer.headers['content-security-policy'] !== undefined,
    );
    expect(byIngress.length).toBeGreaterThan(0);
    expect(byPods.length).toBeGreaterThan(0);
    for (const answer of byIngress) {
      expect(answer.headers['retry-after']).toBe(String(REFUSAL_RETRY_AFTER_SECONDS));
      expect(answer.body).toBe(REFUSAL_BODIES.json);
    }
    // The pods answered what they were sent: refused credentials, never the BFF's own lane.
    expect(byPods.filter((answer) => answer.status === 503)).toEqual([]);
    // The site's other paths are not capped with them.
    expect((await get('/api/csrf', { localAddress: freshLoopbackAddress() })).status).toBe(200);
  });

  it('answers a target with #, or in absolute form, 400 or 404 and never 200', async () => {
    const client = freshLoopbackAddress();
    const lines = [
      'GET /metrics# HTTP/1.1',
      'GET /health/ready# HTTP/1.1',
      'GET /api/industries#x HTTP/1.1',
      'GET http://x/metrics HTTP/1.1',
      `GET https://localhost:${INGRESS_PORT}/metrics HTTP/1.1`,
    ];
    const statuses = [];
    for (const line of lines) statuses.push({ line, status: await rawStatus(line, client) });
    expect(statuses.filter(({ status }) => status !== 400 && status !== 404)).toEqual([]);
  });
});

describe('secrets kept out of every log of the stack (decision 0071)', () => {
  it('mailed codes, the load-test token and Idempotency-Key reach no log file', async () => {
    const code = `MailedCode${randomInt(1e9, 2e9)}abcdefghijklmnopqrstuv`;
    const loadTestToken = `not-the-token-${randomInt(1e9, 2e9)}-0123456789abcdef`;
    const idempotencyKey = `key-${randomInt(1e9, 2e9)}-4c55-9d1e-8a3f5b7c9e21`;
    const headers = { 'X-Load-Test': loadTestToken, 'Idempotency-Key': idempotencyKey };
    for (const pathname of [
      `/account/reset/${code}`,
      `/account/verify/${code}?from=mail`,
      `/account/unsubscribe/some-member/${code}`,
      `/api/validatehash/${code}`,
    ]) {
      expect((await get(pathname, { headers })).status).toBeLessThan(500);
    }
    // nginx and pino write each line as the answer ends; give them a moment to reach the files.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const files = readdirSync(LOG_DIR).filter((name) => name.endsWith('.log'));
    expect(files).toContain('ingress-access.log');
    const ingress = readFileSync(path.join(LOG_DIR, 'ingress-access.log'), 'utf8');
    expect(ingress).toContain('/account/reset/[masked]');
    for (const name of files) {
      const text = readFileSync(path.join(LOG_DIR, name), 'utf8');
      for (const secret of [code, loadTestToken, idempotencyKey]) {
        expect({ file: name, holds: text.includes(secret) }).toEqual({ file: name, holds: false });
      }
    }
  });
});

describe('a process refuses a production start it cannot do safely', () => {
  /** Runs the BFF with its production environment changed; resolves its exit code and output. */
  function startBff(change: (env: Record<string, string>) => void) {
    const bff = plan.deployments.find((candidate) => candidate.component === 'bff')!;
    const env: Record<string, string> = { ...bff.env, HTTP_PORT: '8499' };
    change(env);
    const child = spawn(process.execPath, [path.join(repoRoot, env.WORKSPACE, 'dist', 'main.js')], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return new Promise<{ code: number | null; output: string }>((resolve) => {
      // A process that did start would keep running: stop it, and the test sees the signal.
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });
  }

  it('without SESSION_COOKIE_KEY', async () => {
    const { code, output } = await startBff((env) => delete env.SESSION_COOKIE_KEY);
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(output).toContain('SESSION_COOKIE_KEY');
  });

  it('with a plain redis:// URL', async () => {
    const { code, output } = await startBff((env) => {
      env.REDIS_URL = env.REDIS_URL.replace(/^rediss:/, 'redis:');
    });
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(output).toContain('REDIS_URL');
  });
});
