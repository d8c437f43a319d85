import path from 'node:path';
import { commonConfigSchema, publicUrl } from '@upright/platform';
import { z } from 'zod';
import { analyticsConfigShape, checkAnalyticsConfig } from './analytics-config';
import { authConfigShape, rateLimit, requireAuthSecretsInProduction } from './auth-config';
import { loadTestConfigShape } from './load-test-config';

/** The BFF's environment, checked at start: a wrong variable stops the process, named. */
export const bffConfigSchema = commonConfigSchema
  .extend({
    PRODUCT_NAME: z.string().min(1).default('Upright'),
    /**
     * An ingress opens its connections to a BFF in hundreds at once (its first crowd, each
     * reload): 64 listening sockets accept them in a few turns of the event loop (decision 0080).
     */
    HTTP_ACCEPT_SOCKETS: z.coerce.number().int().min(1).max(256).default(64),
    /** Built SPA served in local mode; in a cluster the web image serves it. Empty = API only. */
    WEB_DIST_DIR: z.string().default(path.resolve(__dirname, '..', '..', '..', 'web', 'dist')),
    /**
     * The web app's server renderer (`vite build --ssr`, decision 0039), beside the built app. A
     * file that is not there leaves public pages with their head tags and no content.
     */
    WEB_SERVER_ENTRY: z
      .string()
      .default(path.resolve(__dirname, '..', '..', '..', 'web', 'dist-server', 'entry-server.cjs')),
    /** The site's origin for canonical links, share tags, the sitemap and robots.txt. */
    PUBLIC_URL: publicUrl,
    BODY_LIMIT: z
      .string()
      .regex(/^\d+(kb|mb)$/, 'must look like 100kb or 1mb')
      .default('100kb'),
    /**
     * How long an idle kept-alive connection stays open (decision 0063). Longer than a visitor's
     * pause between pages and than a load balancer's own idle timeout (ingress-nginx and most
     * cloud balancers: 60 s), so neither meets a connection closed under it, and a returning
     * visitor needs no new connection: a busy replica accepts one per event-loop turn.
     */
    HTTP_KEEP_ALIVE_S: z.coerce.number().int().min(1).max(3600).default(65),
    /** Memory for kept public answers (docs/product/rules.md#s11), all codings counted. */
    ANSWER_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
    /**
     * Bytes of kept answers all replicas may write to Redis for each other per
     * SHARED_ANSWERS_TTL_S (decision 0057); Redis holds at most twice this. 0 = each
     * replica keeps its own answers only.
     */
    SHARED_ANSWERS_MB: z.coerce.number().int().min(0).max(4096).default(64),
    /**
     * This replica's release (the chart sets the image tag): shared answers are read and written
     * per release, so during a rolling deploy a replica never serves bytes another release made.
     */
    RELEASE_ID: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1 to 64 letters, digits, ".", "_" or "-"')
      .default('dev'),
    /** How long a shared answer lives in Redis (its key also names its version). */
    SHARED_ANSWERS_TTL_S: z.coerce.number().int().min(1).max(86_400).default(300),
    /**
     * How long a replica waits for the answer another replica is making before it makes it
     * (`sharedAnswersWaitMs`: unset, 1 s or less, so that half the deadline is left).
     */
    SHARED_ANSWERS_WAIT_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    /** The longest one Redis call of shared answers may take before the request goes on. */
    SHARED_ANSWERS_TIMEOUT_MS: z.coerce.number().int().min(1).max(5000).default(100),
    /**
     * Bytes of kept outcomes of keyed writes all replicas may write to Redis per 24 h (decision
     * 0071); Redis holds at most twice this. Beyond it an outcome is not kept: a retry asks the
     * service, which applies the write once by its own record.
     */
    IDEMPOTENCY_RECORDS_MB: z.coerce.number().int().min(1).max(4096).default(64),
    /** `max-age` of public answers for browsers and CDNs; the BFF itself never serves old bytes. */
    PUBLIC_MAX_AGE_S: z.coerce.number().int().min(0).max(3600).default(10),
    /** How long a session accounts confirmed is trusted without asking again; 0 = always ask. */
    SESSION_CACHE_S: z.coerce.number().int().min(0).max(60).default(5),
    /**
     * Proxies in front of the BFF whose X-Forwarded-For entries are believed (the client address
     * is the one the last trusted hop saw). 0 locally; 1 behind the chart's ingress.
     */
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /**
     * Pages made afresh (not sent from kept bytes) per client address (decision 0049): a page with a
     * new query or an unknown path costs a render, so a client cannot make renders without end.
     */
    RATE_LIMIT_RENDERS: rateLimit.default({ points: 120, seconds: 60 }),
    /**
     * Requests this replica works on at once beyond its kept answers (decision 0049,
     * docs/product/rules.md#s14): beyond it a request is answered 503 with Retry-After at once.
     * The ingress's per-pod cap is well above it (decision 0076).
     */
    EDGE_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(256),
    /**
     * Requests waiting for accounts' password work (sign-up, sign-in, verification and reset by
     * password) this replica has under way at once (decision 0059): beyond it 503 with
     * Retry-After at once, instead of a wait in accounts' stream for the same refusal. At most
     * accounts' replicas × (PASSWORD_HASH_CONCURRENCY + PASSWORD_HASH_WAITING) ÷ BFF replicas.
     */
    PASSWORD_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).default(8),
    /**
     * The port of /metrics and /health/* (decision 0049): never the public one, which mounts no
     * route for them. Prometheus' default exporter port; 0 = any free port (tests).
     */
    OPS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
    ...authConfigShape,
    ...loadTestConfigShape,
    ...analyticsConfigShape,
  })
  .superRefine(requireAuthSecretsInProduction)
  .superRefine(waitForSharedAnswersWithinDeadline)
  .superRefine(checkAnalyticsConfig);
export type BffConfig = z.infer<typeof bffConfigSchema>;

/**
 * A replica waiting for another's answer (decision 0057) must leave the request time to
 * make it itself before the deadline; at most half of it goes to waiting.
 */
function waitForSharedAnswersWithinDeadline(
  config: {
    REQUEST_DEADLINE_MS: number;
    SHARED_ANSWERS_WAIT_MS?: number;
    SHARED_ANSWERS_TIMEOUT_MS: number;
  },
  context: z.RefinementCtx,
): void {
  if (config.SHARED_ANSWERS_WAIT_MS === undefined) return;
  const waited = config.SHARED_ANSWERS_WAIT_MS + config.SHARED_ANSWERS_TIMEOUT_MS;
  if (2 * waited > config.REQUEST_DEADLINE_MS) {
    context.addIssue({
      code: 'custom',
      path: ['SHARED_ANSWERS_WAIT_MS'],
      message: 'with SHARED_ANSWERS_TIMEOUT_MS must be at most half of REQUEST_DEADLINE_MS',
    });
  }
}

/** The wait for another replica's answer: as configured, else 1 s within half the deadline. */
export function sharedAnswersWaitMs(
  config: Pick<
    BffConfig,
    'SHARED_ANSWERS_WAIT_MS' | 'SHARED_ANSWERS_TIMEOUT_MS' | 'REQUEST_DEADLINE_MS'
  >,
): number {
  const withinDeadline = config.REQUEST_DEADLINE_MS / 2 - config.SHARED_ANSWERS_TIMEOUT_MS;
  return config.SHARED_ANSWERS_WAIT_MS ?? Math.max(0, Math.min(1000, withinDeadline));
}
