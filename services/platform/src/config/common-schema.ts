import { parsePairSecrets } from '@upright/transport';
import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);

function urlWithProtocols(protocols: string[]) {
  return z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );
}

export const redisUrl = urlWithProtocols(['redis:', 'rediss:']);
export const postgresUrl = urlWithProtocols(['postgres:', 'postgresql:']);
export const smtpUrl = urlWithProtocols(['smtp:', 'smtps:']);
export const httpUrl = urlWithProtocols(['http:', 'https:']);

/** `PUBLIC_URL`: the site's origin as visitors reach it, for absolute links (mails, pages). */
export const publicUrl = httpUrl
  .transform((value) => value.replace(/\/+$/, ''))
  .default('http://localhost:8080');

/** A Redis key prefix (transport streams, BullMQ queues). */
const keyPrefix = z.string().regex(/^[a-z0-9-]+$/, 'must be lowercase letters, digits and hyphens');

/** `peer=base64,…`: the pair secrets of decision 0016. The value is never echoed. */
const transportKeys = z.string().superRefine((value, ctx) => {
  try {
    parsePairSecrets(value);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
  }
});

/** Variables every process reads. */
export const commonConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `json`: one JSON object a line, for log collectors. `pretty`: one short line a person reads
   * (a request is `GET /api/x 200 12ms`), for `make up`; refused in production.
   */
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  REDIS_URL: redisUrl.default('redis://127.0.0.1:6379'),
  TRANSPORT_PREFIX: keyPrefix.default('upright'),
  /** Required in production; elsewhere development keys derived from a public secret stand in. */
  TRANSPORT_KEYS: transportKeys.optional(),
  REQUEST_DEADLINE_MS: z.coerce.number().int().min(100).max(60000).default(5000),
  /**
   * Messages one service process handles at once (admission, decision 0051): beyond it,
   * it reads no more and leaves them to the other replicas.
   */
  TRANSPORT_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(32),
  HTTP_PORT: port,
  HTTP_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * Connections the kernel holds for the HTTP port until the process accepts them (capped by
   * net.core.somaxconn). Node's 511 overflows when a crowd connects at once, and a dropped SYN
   * costs its client 1 s, then 3 s, then 7 s, which no metric of ours sees.
   */
  HTTP_BACKLOG: z.coerce.number().int().min(16).max(65535).default(4096),
  /**
   * Listening sockets on the HTTP port (decision 0080): libuv accepts one connection per socket
   * per turn of the event loop, so a busy process with one socket takes a turn for each new
   * connection of a crowd. The BFF, which an ingress connects to in hundreds, sets more.
   */
  HTTP_ACCEPT_SOCKETS: z.coerce.number().int().min(1).max(256).default(1),
});

/** Variables of a process that uses BullMQ queues (agreements: one key prefix, tests isolate). */
export const queueConfigSchema = z.object({
  QUEUE_PREFIX: keyPrefix.default('upright'),
});

/** Variables of a service that owns a Postgres schema. */
export const databaseConfigSchema = z.object({
  DATABASE_URL: postgresUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
});

/**
 * Rules across variables, checked by loadConfig after every schema (refinements would stop the
 * schemas from being picked and extended). Production talks to Redis over TLS only: the
 * transport's messages and the per-service ACL passwords must not cross the network in clear.
 * Its logs stay JSON, which collectors and alerts parse.
 */
export function productionProblems(config: Record<string, unknown>): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (typeof config.REDIS_URL === 'string' && !config.REDIS_URL.startsWith('rediss://')) {
    problems.push('REDIS_URL: must start with rediss:// (TLS) when NODE_ENV is production');
  }
  if (config.LOG_FORMAT === 'pretty') {
    problems.push('LOG_FORMAT: must be json when NODE_ENV is production');
  }
  return problems;
}

export type CommonConfig = z.infer<typeof commonConfigSchema>;
export type DatabaseConfig = z.infer<typeof databaseConfigSchema>;
export type QueueConfig = z.infer<typeof queueConfigSchema>;
export { port as portSchema };
