/**
 * One Redis ACL user per process (decision 0017): each may touch only its own keys and
 * the keys it must write for others (a callee's request stream, a caller's reply stream, an
 * event stream it emits to), with no administrative command. `make up` (run-all.sh) and the
 * stacks of process-stack.ts create the users idempotently and give each process its own
 * REDIS_URL. The default user stays for tests, CLIs and tools in local mode.
 *
 * CLI: `node --import tsx infra/local/redis-acl.ts` with REDIS_URL (an administrative user),
 * TRANSPORT_PREFIX, QUEUE_PREFIX and REDIS_ACL_SECRET set: ensures the users and prints one
 * `REDIS_URL_<PROCESS>='…'` line per process for the shell. With `--rules` (TRANSPORT_PREFIX and
 * QUEUE_PREFIX only) it changes nothing and prints, from these same rules, what creates every
 * process's user on a production Redis (the chart's `redis-url-<component>` users), each password
 * taken from `$REDIS_PASSWORD_<PROCESS>` by the shell: `--provider=self-run` (the default)
 * `ACL SETUSER` and `ACL SAVE`, `elasticache` the `aws elasticache` commands (decision 0072).
 * `--aclfile` prints a self-run Redis's aclfile, with the passwords' SHA-256 from the environment.
 */
import { createHash, createHmac } from 'node:crypto';
import {
  Events,
  Patterns,
  PUBLIC_DATA_DOMAINS,
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
 * contracts' public-data.ts): who moves them (a script with declared keys needs read and write)
 * — each producer its own domains' versions only (the manifest's `publicDataDomains`, decision
 * 0072) — and who only reads them.
 */
function publicDataKeysOf(
  identity: TransportIdentity,
  t: string,
): { full: string[]; read: string[] } {
  const keys = publicDataKeys(t);
  const domains = stackProcess(identity).publicDataDomains;
  const announce = domains.length > 0 ? [...domains.map(keys.version), keys.broadcast] : [];
  switch (identity) {
    case 'bff':
      return { full: [], read: [...PUBLIC_DATA_DOMAINS.map(keys.version), keys.broadcast] };
    case 'accounts':
      return {
        full: [
          ...announce,
          keys.publishedAverages,
          // The monthly rule's preview (decision 0055): production's rule writes it at each
          // publication; without it every publication failed with NOPERM.
          keys.previewAverages,
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
    case 'mail':
      return { full: announce, read: [] };
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

/** The shell variable an operator puts a process's production password in. */
const passwordVariable = (identity: TransportIdentity) =>
  `REDIS_PASSWORD_${identity.toUpperCase()}`;

/**
 * The `redis-cli` command that creates or narrows (reset first) a process's user with its rules,
 * for a production Redis; the password is read from `$REDIS_PASSWORD_<PROCESS>` by the shell.
 */
export function aclSetUserCommand(identity: TransportIdentity, prefixes: AclPrefixes): string {
  const quoted = aclRules(identity, prefixes).map((rule) => `'${rule}'`);
  const password = `">$${passwordVariable(identity)}"`;
  return [
    'redis-cli ACL SETUSER',
    aclUserName(identity, prefixes),
    'reset on',
    password,
    ...quoted,
  ].join(' ');
}

/** Where the production users live; each takes the same rules in its own commands. */
export const REDIS_PROVIDERS = ['self-run', 'elasticache', 'memorystore', 'azure'] as const;
export type RedisProvider = (typeof REDIS_PROVIDERS)[number];

/**
 * A process's rules as an ElastiCache access string: `on` and the rules, without what ElastiCache
 * refuses (`reset`, passwords) or needs not (the key and channel resets: a created user has
 * none, and `modify-user --access-string` replaces the whole string).
 */
export function elastiCacheAccessString(
  identity: TransportIdentity,
  prefixes: AclPrefixes,
): string {
  const rules = aclRules(identity, prefixes).filter((rule) => !rule.startsWith('reset'));
  return ['on', ...rules].join(' ');
}

/**
 * The shell commands that create every process's user at `provider` (comments say what they
 * need). ElastiCache: a user per process, a `default` user of the group that can do nothing
 * (every user group must have one), the group, and the replication group joined to it.
 */
export function providerCommands(provider: RedisProvider, prefixes: AclPrefixes): string[] {
  const identities = STACK.map((process) => process.name);
  switch (provider) {
    case 'self-run':
      return [
        '# On the primary and on every replica (ACL users are not replicated), with `aclfile`',
        '# set in redis.conf: ACL SAVE writes the users there, so they survive a restart.',
        ...identities.map((identity) => aclSetUserCommand(identity, prefixes)),
        'redis-cli ACL SAVE',
      ];
    case 'elasticache': {
      const group = `${prefixes.transport}-users`;
      const defaultUser = `${prefixes.transport}-default`;
      return [
        `# A user group needs a user named default: this one is off and may do nothing.`,
        `aws elasticache create-user --engine redis --user-id ${defaultUser} --user-name default --no-password-required --access-string 'off -@all'`,
        ...identities.map(
          (identity) =>
            `aws elasticache create-user --engine redis --user-id ${aclUserName(identity, prefixes)} --user-name ${aclUserName(identity, prefixes)} --passwords "$${passwordVariable(identity)}" --access-string '${elastiCacheAccessString(identity, prefixes)}'`,
        ),
        `aws elasticache create-user-group --engine redis --user-group-id ${group} --user-ids ${[defaultUser, ...identities.map((identity) => aclUserName(identity, prefixes))].join(' ')}`,
        `aws elasticache modify-replication-group --replication-group-id "$REPLICATION_GROUP_ID" --user-group-ids-to-add ${group} --apply-immediately`,
      ];
    }
    case 'memorystore':
      return [
        '# Memorystore for Redis has no ACL users: one AUTH string, redis.singleUser=true (chart',
        '# README, "Managed Redis"). Its AUTH string and its per-instance CA (redis.tls.caSecret):',
        'gcloud redis instances get-auth-string "$INSTANCE" --region "$REGION"',
        `gcloud redis instances describe "$INSTANCE" --region "$REGION" --format='value(serverCaCerts[0].cert)' > redis-ca.crt`,
      ];
    case 'azure':
      return [
        '# Azure Cache for Redis: its data access policies are assigned to Microsoft Entra',
        '# identities, whose tokens expire within hours, while every process holds one fixed',
        '# REDIS_URL: use an access key with redis.singleUser=true (chart README, "Managed Redis").',
        'az redis list-keys --name "$CACHE" --resource-group "$RESOURCE_GROUP" --query primaryKey --output tsv',
      ];
  }
}

/**
 * A self-run Redis's aclfile: every process's user with its rules and the SHA-256 of its password
 * (`#…`, never the password), read from `$REDIS_PASSWORD_<PROCESS>`.
 */
export function aclFile(
  prefixes: AclPrefixes,
  env: Readonly<Record<string, string | undefined>>,
): string {
  const lines = STACK.map(({ name }) => {
    const password = env[passwordVariable(name)];
    if (!password) throw new Error(`${passwordVariable(name)} is required`);
    const hash = createHash('sha256').update(password).digest('hex');
    return ['user', aclUserName(name, prefixes), 'on', `#${hash}`, ...aclRules(name, prefixes)];
  });
  return lines.map((line) => line.join(' ')).join('\n') + '\n';
}

function providerOf(argv: readonly string[]): RedisProvider {
  const value = argv.find((arg) => arg.startsWith('--provider='))?.slice('--provider='.length);
  if (value === undefined) return 'self-run';
  if (!(REDIS_PROVIDERS as readonly string[]).includes(value)) {
    throw new Error(`--provider must be one of ${REDIS_PROVIDERS.join(', ')}`);
  }
  return value as RedisProvider;
}

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

async function main(): Promise<void> {
  if (process.argv.includes('--rules')) {
    const provider = providerOf(process.argv);
    for (const line of providerCommands(provider, prefixesOf(process.env))) console.log(line);
    return;
  }
  if (process.argv.includes('--aclfile')) {
    process.stdout.write(aclFile(prefixesOf(process.env), process.env));
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
