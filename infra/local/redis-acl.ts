/**
 * One Redis ACL user per process (decision record 0017): each may touch only its own keys and
 * the keys it must write for others (a callee's request stream, a caller's reply stream, an
 * event stream it emits to), with no administrative command. `make up` (run-all.sh) and the
 * stacks of process-stack.ts create the users idempotently and give each process its own
 * REDIS_URL. The default user stays for tests, CLIs and tools in local mode.
 *
 * CLI: `node --import tsx infra/local/redis-acl.ts` with REDIS_URL (an administrative user),
 * TRANSPORT_PREFIX, QUEUE_PREFIX and REDIS_ACL_SECRET set: ensures the users and prints one
 * `REDIS_URL_<PROCESS>='…'` line per process for the shell. With `--rules` (TRANSPORT_PREFIX and
 * QUEUE_PREFIX only) it changes nothing and prints the `ACL SETUSER` command of every process
 * for a production Redis (the chart's `redis-url-<component>` users), each password taken from
 * `$REDIS_PASSWORD_<PROCESS>`.
 */
import { createHmac } from 'node:crypto';
import {
  Events,
  Patterns,
  publicDataKeys,
  SERVICE_NAMES,
  serviceOfPattern,
  transportPolicy,
  type TransportIdentity,
} from '@upright/contracts';
import Redis from 'ioredis';
import { STACK, stackProcess } from '../stack/manifest';

export interface AclPrefixes {
  /** TRANSPORT_PREFIX: streams, replica sets, the processes' own keyed state. */
  transport: string;
  /** QUEUE_PREFIX: BullMQ queues. */
  queue: string;
}

/** TRANSPORT_PREFIX's and QUEUE_PREFIX's default (the config schemas'). */
const DEFAULT_PREFIX = 'upright';

function prefixesOf(env: Readonly<Record<string, string | undefined>>): AclPrefixes {
  return {
    transport: env.TRANSPORT_PREFIX ?? DEFAULT_PREFIX,
    queue: env.QUEUE_PREFIX ?? DEFAULT_PREFIX,
  };
}

/** Keyed state outside `{prefix}:{process}:*` that predates that convention. */
const EXTRA_KEYS_OF: Partial<Record<TransportIdentity, readonly string[]>> = {
  bff: ['rate-limit:*', 'captcha:*'],
};

/**
 * The public data versions, their broadcast and the published averages (docs/product/rules.md#s11,
 * contracts' public-data.ts): who moves them (a script with declared keys needs read and write),
 * and who only reads them.
 */
function publicDataKeysOf(
  identity: TransportIdentity,
  t: string,
): { full: string[]; read: string[] } {
  const keys = publicDataKeys(t);
  const announce = [keys.versions, keys.broadcast];
  switch (identity) {
    case 'bff':
      return { full: [], read: announce };
    case 'accounts':
      return {
        full: [
          ...announce,
          keys.publishedAverages,
          keys.pendingAverages,
          keys.averagesDue,
          keys.pendingAveragesMembers,
        ],
        read: [],
      };
    case 'rankings':
      return { full: announce, read: [keys.publishedAverages] };
    case 'reports':
    case 'search':
      return { full: announce, read: [] };
    case 'mail':
      return { full: [], read: [] };
  }
}

const allPatterns = (tree: Record<string, Record<string, string>>) =>
  Object.values(tree).flatMap((group) => Object.values(group));

/** The ACL rules of one process, after `reset`: its keys, then its commands. */
export function aclRules(identity: TransportIdentity, prefixes: AclPrefixes): string[] {
  const t = prefixes.transport;
  const full = new Set<string>([`~${t}:${identity}:*`, `~${t}:reply:${identity}:*`]);
  const writeOnly = new Set<string>();
  const readOnly = new Set<string>();
  if ((SERVICE_NAMES as readonly string[]).includes(identity)) {
    full.add(`~${t}:rpc:${identity}`).add(`~${t}:replicas:${identity}`);
  }
  for (const pattern of allPatterns(Patterns)) {
    const service = serviceOfPattern(pattern);
    const callers = transportPolicy.callersOf(pattern) ?? [];
    if (callers.includes(identity)) {
      writeOnly.add(`%W~${t}:rpc:${service}`);
      readOnly.add(`%R~${t}:replicas:${service}`);
    }
    if (service === identity) {
      for (const caller of callers) writeOnly.add(`%W~${t}:reply:${caller}:*`);
    }
  }
  for (const event of allPatterns(Events)) {
    if (transportPolicy.emitterOf(event) === identity) writeOnly.add(`%W~${t}:evt:${event}`);
    if (transportPolicy.subscribersOf(event).includes(identity)) full.add(`~${t}:evt:${event}`);
  }
  // The BullMQ queues it adds to or works on (the stack manifest's `queues`).
  for (const queue of stackProcess(identity).queues) full.add(`~${prefixes.queue}:${queue}:*`);
  for (const extra of EXTRA_KEYS_OF[identity] ?? []) full.add(`~${t}:${extra}`);
  const publicData = publicDataKeysOf(identity, t);
  for (const key of publicData.full) full.add(`~${key}`);
  for (const key of publicData.read) readOnly.add(`%R~${key}`);
  return [
    'resetkeys',
    'resetchannels',
    // Pub/sub under the prefix: notifications (e.g. cache invalidation) carry no data to protect.
    `&${t}:*`,
    ...full,
    ...writeOnly,
    ...readOnly,
    // Everything but administration (ACL, CONFIG, KEYS, MONITOR, FLUSH…); BullMQ reads INFO.
    '+@all',
    '-@dangerous',
    '+info',
  ];
}

export function aclUserName(identity: TransportIdentity, prefixes: AclPrefixes): string {
  return `${prefixes.transport}-${identity}`;
}

/** Local-only passwords, derived so every script that knows the secret finds the same one. */
function passwordOf(user: string, secret: string): string {
  return createHmac('sha256', secret).update(user).digest('hex');
}

/** `redisUrl` with the user's credentials in it. */
export function urlForUser(redisUrl: string, user: string, password: string): string {
  const url = new URL(redisUrl);
  url.username = user;
  url.password = password;
  return url.toString();
}

/**
 * Creates or updates (reset first, so a narrowed rule takes effect) the ACL user of every
 * process, on `redisUrl`, an administrative connection. Returns each process's REDIS_URL.
 */
export async function ensureRedisUsers(
  redisUrl: string,
  prefixes: AclPrefixes,
  secret: string,
  identities: readonly TransportIdentity[] = STACK.map((process) => process.name),
): Promise<Record<TransportIdentity, string>> {
  const admin = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  const urls = {} as Record<TransportIdentity, string>;
  try {
    await admin.connect();
    for (const identity of identities) {
      const user = aclUserName(identity, prefixes);
      const password = passwordOf(user, secret);
      const rules = aclRules(identity, prefixes);
      await admin.call('ACL', 'SETUSER', user, 'reset', 'on', `>${password}`, ...rules);
      urls[identity] = urlForUser(redisUrl, user, password);
    }
  } finally {
    admin.disconnect();
  }
  return urls;
}

/** A process's own Redis user for a stack: the REDIS_URL to give it, and how to remove the user. */
export interface OwnRedisUser {
  env: { REDIS_URL?: string };
  release(): Promise<void>;
}

/**
 * The ACL user of process `name` for a stack started from `env` (its REDIS_URL, prefixes and
 * REDIS_ACL_SECRET). Nothing changes when `name` is not a transport process or local.env's
 * secret is not in `env`. Stacks with their own prefixes remove their users when they stop.
 */
export async function ownRedisUser(
  name: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<OwnRedisUser> {
  const identity = STACK.find((candidate) => candidate.name === name)?.name;
  const { REDIS_URL: redisUrl, REDIS_ACL_SECRET: secret } = env;
  if (!identity || !redisUrl || !secret) return { env: {}, release: async () => undefined };
  const prefixes = prefixesOf(env);
  const urls = await ensureRedisUsers(redisUrl, prefixes, secret, [identity]);
  return {
    env: { REDIS_URL: urls[identity] },
    release: async () => {
      // The default prefix's users are `make up`'s too.
      if (prefixes.transport === DEFAULT_PREFIX) return;
      const admin = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
      try {
        await admin.call('ACL', 'DELUSER', aclUserName(identity, prefixes));
      } finally {
        admin.disconnect();
      }
    },
  };
}

/**
 * The `redis-cli` command that creates or narrows (reset first) a process's user with its rules,
 * for a production Redis; the password is read from `$REDIS_PASSWORD_<PROCESS>` by the shell.
 */
export function aclSetUserCommand(identity: TransportIdentity, prefixes: AclPrefixes): string {
  const quoted = aclRules(identity, prefixes).map((rule) => `'${rule}'`);
  const password = `">$REDIS_PASSWORD_${identity.toUpperCase()}"`;
  return [
    'redis-cli ACL SETUSER',
    aclUserName(identity, prefixes),
    'reset on',
    password,
    ...quoted,
  ].join(' ');
}

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

async function main(): Promise<void> {
  if (process.argv.includes('--rules')) {
    for (const { name } of STACK) console.log(aclSetUserCommand(name, prefixesOf(process.env)));
    return;
  }
  const urls = await ensureRedisUsers(
    requireEnv('REDIS_URL'),
    prefixesOf(process.env),
    requireEnv('REDIS_ACL_SECRET'),
  );
  for (const [identity, url] of Object.entries(urls)) {
    // Hex passwords and plain names: nothing in the URL needs shell quoting beyond ''.
    console.log(`REDIS_URL_${identity.toUpperCase()}='${url}'`);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`[redis-acl] ${(error as Error).message}`);
    process.exit(1);
  });
}
