import type { DynamicModule, Type } from '@nestjs/common';
import {
  AVERAGE_FIELDS,
  ISSUES,
  Queues,
  type Averages,
  type MailJobData,
  type MailKind,
  type QueueName,
} from '@upright/contracts';
import { bullmqOptions } from '@upright/platform';
import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { keySpace } from '@upright/transport';
import { Queue, type Job } from 'bullmq';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { accountsService } from '@upright/accounts';
import { deriveKey, solveChallenge, type Challenge } from '@upright/bff/testing';
import { bffService } from '@upright/bff';

// The BFF's own fixture, re-exported: the system tests reach every visitor helper from here.
export { visitorCsrfHeaders } from '@upright/bff/testing';

/**
 * The BFF and accounts on real Redis and Postgres, isolated per test file: their own transport
 * prefix (so also rate-limit and captcha keys) and BullMQ prefix; members with emails under a
 * per-file tag, deleted at the end. No mail service runs, so mail jobs stay in the queue for
 * the tests to read.
 */
export interface AccountsStack {
  bff: StartedApp;
  accounts: StartedApp;
  tag: string;
  prefix: string;
  queuePrefix: string;
  db: Client;
  redis: Redis;
  mailQueue: Queue;
  /** BullMQ options of this stack's queues (e.g. for a test's own worker). */
  queueOptions: ReturnType<typeof bullmqOptions>;
  /** A queue of this stack's BullMQ prefix, closed with the stack. */
  openQueue(name: QueueName): Queue;
  email(name: string): string;
  /** Another BFF replica on the same transport, Redis and cookie key, closed with the stack. */
  bffReplica(): Promise<StartedApp>;
  close(): Promise<void>;
}

export interface StackOptions {
  /** BFF variables on top of the defaults (e.g. a low rate limit). */
  bffEnv?: Record<string, string>;
  /** Test-only controllers added to the BFF (e.g. one behind AdminGuard). */
  extraControllers?: Type[];
  /** Accounts variables on top of the defaults (averages are published at once by default). */
  accountsEnv?: Record<string, string>;
}

/** Generous limits: a file's many sign-ups must not trip them unless a test means to. */
const ROOMY_LIMITS = {
  RATE_LIMIT_SIGNIN: '1000/60',
  RATE_LIMIT_SIGNUP: '1000/60',
  RATE_LIMIT_RESET: '1000/60',
  RATE_LIMIT_CONTACT: '1000/60',
  RATE_LIMIT_CAPTCHA: '1000/60',
  RATE_LIMIT_ANALYTICS: '1000/60',
  RATE_LIMIT_ACCOUNT: '1000/60',
  RATE_LIMIT_SIGNOUT: '1000/60',
  RATE_LIMIT_UNSUBSCRIBE: '1000/60',
  RATE_LIMIT_KEYED_WRITES: '1000/60',
};

export async function startAccountsStack(
  label: string,
  options: StackOptions = {},
): Promise<AccountsStack> {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix(label);
  const queuePrefix = `${prefix}-queues`;
  const tag = `acc-${randomUUID().slice(0, 8)}`;
  const common = {
    REDIS_URL: infra.redisUrl,
    TRANSPORT_PREFIX: prefix,
    REQUEST_DEADLINE_MS: '5000',
  };
  const db = new Client({ connectionString: infra.adminUrl() });
  await db.connect();
  const accounts = await startTestApp(accountsService, {
    ...common,
    DATABASE_URL: infra.databaseUrl('accounts'),
    QUEUE_PREFIX: queuePrefix,
    UNSUBSCRIBE_SECRET: 'u'.repeat(40),
    AVERAGES_REFRESH_S: '0',
    // Averages from the first weighted member, released at every change (decision 0043's
    // gating has its own test), so tests can compare them with the database.
    AVERAGES_MIN_MEMBERS: '1',
    AVERAGES_MIN_CHANGES: '1',
    ...options.accountsEnv,
  });
  const definition = options.extraControllers
    ? {
        ...bffService,
        appModule: (config: Parameters<typeof bffService.appModule>[0]): DynamicModule => ({
          module: class TestBffRoot {},
          imports: [bffService.appModule(config)],
          controllers: options.extraControllers,
        }),
      }
    : bffService;
  const bffEnv = {
    ...common,
    WEB_DIST_DIR: '',
    // Easy proof of work keeps tests fast; it is still solved and verified for real.
    CAPTCHA_COST: '1',
    CAPTCHA_MAX_COUNTER: '200',
    // Both replicas of a test seal and open the same session cookies.
    SESSION_COOKIE_KEY: Buffer.alloc(32, tag).toString('base64'),
    ...ROOMY_LIMITS,
    ...options.bffEnv,
  };
  const bff = await startTestApp(definition, bffEnv);
  const replicas: StartedApp[] = [];
  const redis = new Redis(infra.redisUrl);
  const queues: Queue[] = [];
  const queueOptions = bullmqOptions({ REDIS_URL: infra.redisUrl, QUEUE_PREFIX: queuePrefix });
  const openQueue = (name: QueueName) => {
    const queue = new Queue(name, queueOptions);
    queues.push(queue);
    return queue;
  };
  const mailQueue = openQueue(Queues.mailAccounts);
  return {
    bff,
    accounts,
    tag,
    prefix,
    queuePrefix,
    db,
    redis,
    mailQueue,
    queueOptions,
    openQueue,
    email: (name) => `${name}.${tag}@example.com`,
    async bffReplica() {
      const replica = await startTestApp(bffService, bffEnv);
      replicas.push(replica);
      return replica;
    },
    async close() {
      for (const replica of replicas) await replica.app.close();
      await bff.app.close();
      await accounts.app.close();
      await db.query('DELETE FROM accounts.users WHERE email ILIKE $1', [`%.${tag}@example.com`]);
      await db.end();
      await mailQueue.obliterate({ force: true });
      for (const queue of queues) await queue.close();
      for (const key of await redis.keys(`${queuePrefix}:*`)) await redis.del(key);
      for (const key of await redis.keys(`${prefix}:*`)) await redis.del(key);
      await redis.quit();
    },
  };
}

/**
 * A stack whose AVERAGES_MIN_MEMBERS is `ahead` members above whoever is weighted in the test
 * database now (other files' members may be there too), for the averages' privacy tests.
 */
export async function startStackWithMinimumAhead(
  label: string,
  ahead: number,
): Promise<{ stack: AccountsStack; minimum: number }> {
  const db = new Client({ connectionString: testInfra().adminUrl() });
  await db.connect();
  const counted = await db.query(
    `SELECT count(*)::int AS n FROM accounts.priorities p JOIN accounts.users u USING (uid)
     WHERE p.weighted AND NOT u.discontinue`,
  );
  await db.end();
  const minimum = (counted.rows[0] as { n: number }).n + ahead;
  const stack = await startAccountsStack(label, {
    accountsEnv: { AVERAGES_MIN_MEMBERS: String(minimum) },
  });
  return { stack, minimum };
}

/** Solves an ALTCHA challenge from GET /api/captcha for real, as the web widget does. */
export async function solvedCaptcha(bffUrl: string): Promise<string> {
  const challenge = (await (await fetch(`${bffUrl}/api/captcha`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (solution === null) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A browser: keeps cookies, sends `X-CSRF-Token` from the `upright_csrf` cookie on writes
 * (as the web app does) unless told not to.
 */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  async call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    options: {
      csrf?: boolean | string;
      bearer?: string;
      /** A raw Authorization header, e.g. ReactiveSearch's Basic credentials. */
      authorization?: string;
      rawBody?: string;
      /** Any other request headers (e.g. X-Forwarded-For). */
      headers?: Record<string, string>;
    } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = {};
    if (body !== undefined || options.rawBody !== undefined) {
      headers['Content-Type'] = 'application/json';
    }
    if (this.cookies.size > 0) {
      headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    // `csrf: '<value>'` sends that header instead of the cookie's value.
    const csrf = typeof options.csrf === 'string' ? options.csrf : this.cookies.get('upright_csrf');
    if (method !== 'GET' && options.csrf !== false && csrf) headers['X-CSRF-Token'] = csrf;
    if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`;
    if (options.authorization) headers.Authorization = options.authorization;
    Object.assign(headers, options.headers);
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: options.rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : undefined) as T,
      headers: response.headers,
    };
  }

  /** Fetches the CSRF token before the first write, as the web app does. */
  async open(): Promise<this> {
    await this.call('GET', '/api/csrf');
    return this;
  }
}

export interface SignupForm {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  birth_year: number;
  birth_month: number;
  birth_day: number;
  individual: boolean;
  subscriber?: boolean;
  altcha?: string;
}

export function signupForm(email: string, overrides: Partial<SignupForm> = {}): SignupForm {
  return {
    first_name: 'Ada',
    last_name: 'Member',
    email,
    password: 'a long unusual passphrase 42',
    birth_year: 1990,
    birth_month: 7,
    birth_day: 14,
    individual: true,
    subscriber: true,
    ...overrides,
  };
}

export interface SignedUp {
  browser: Browser;
  uid: string;
  token: string;
  email: string;
  password: string;
}

/** A new member, signed in through a browser with the session cookie. */
export async function signUp(stack: AccountsStack, name: string): Promise<SignedUp> {
  const browser = await new Browser(stack.bff.url).open();
  const form = signupForm(stack.email(name));
  const answer = await browser.call<{ user: { uid: string }; token: string }>(
    'POST',
    '/api/signup',
    { ...form, altcha: await solvedCaptcha(stack.bff.url) },
  );
  if (answer.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(answer.body)}`);
  return {
    browser,
    uid: answer.body.user.uid,
    token: answer.body.token,
    email: form.email,
    password: form.password,
  };
}

/** Mail jobs of one kind the accounts service queued for this stack. */
export async function mailJobs<K extends MailKind>(
  stack: AccountsStack,
  kind: K,
): Promise<Array<Job<MailJobData[K]>>> {
  const jobs = await stack.mailQueue.getJobs([
    'waiting',
    'delayed',
    'active',
    'completed',
    'failed',
  ]);
  return jobs.filter((job) => job?.name === kind) as Array<Job<MailJobData[K]>>;
}

/** `POST /api/reset` from a fresh visitor, captcha solved. */
export async function requestReset(stack: AccountsStack, email: string) {
  const visitor = await new Browser(stack.bff.url).open();
  return visitor.call<{ resetSent: boolean }>('POST', '/api/reset', {
    email,
    altcha: await solvedCaptcha(stack.bff.url),
  });
}

/** The link codes of the reset mails queued for a member, oldest first. */
export async function resetHashesOf(stack: AccountsStack, uid: string): Promise<string[]> {
  return (await mailJobs(stack, 'password-reset'))
    .filter((job) => job.data.recipient.uid === uid)
    .sort((a, b) => a.timestamp - b.timestamp)
    .map((job) => job.data.resetHash);
}

/**
 * docs/product/rules.md#s4 from the database at this moment (other test files may add members too).
 */
export async function averagesInDatabase(stack: AccountsStack): Promise<Averages> {
  const columns = ISSUES.map(
    (issue) =>
      `round(avg(p.${issue.serverPriority}), 2)::float AS "${issue.serverPriority.replace('value_', 'average_')}"`,
  );
  const result = await stack.db.query(
    `SELECT ${columns.join(', ')} FROM accounts.priorities p JOIN accounts.users u USING (uid)
     WHERE p.weighted AND NOT u.discontinue`,
  );
  return Object.fromEntries(
    AVERAGE_FIELDS.map((field) => [field, result.rows[0][field] ?? 5]),
  ) as Averages;
}

/** Events of this stack's transport prefix, oldest first (the stream is the transport's). */
export async function emittedEvents(stack: AccountsStack, event: string): Promise<unknown[]> {
  const entries = await stack.redis.xrange(keySpace(stack.prefix).eventStream(event), '-', '+');
  return entries.map(([, fields]) => {
    const index = fields.indexOf('data');
    return JSON.parse(fields[index + 1]) as unknown;
  });
}
