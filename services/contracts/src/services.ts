/** The services behind the BFF. Each owns one request stream and one consumer group. */
export const SERVICE_NAMES = ['accounts', 'rankings', 'reports', 'mail', 'search'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** A message pattern always starts with the name of the service that answers it. */
export type PatternOf<S extends ServiceName> = `${S}.${string}`;

export function serviceOfPattern(pattern: string): ServiceName {
  const service = pattern.slice(0, pattern.indexOf('.'));
  if (!(SERVICE_NAMES as readonly string[]).includes(service)) {
    throw new Error(`Pattern "${pattern}" does not start with a known service name`);
  }
  return service as ServiceName;
}

/** Who speaks on the transport: every service, and the BFF (which only calls). */
export const TRANSPORT_IDENTITIES = [...SERVICE_NAMES, 'bff'] as const;
export type TransportIdentity = (typeof TRANSPORT_IDENTITIES)[number];

/**
 * Allow-list of a service's patterns (or events): for each key of its pattern table, the
 * identities allowed to send it. The transport refuses a request from anyone else
 * (decision 0016); a pattern nobody is listed for cannot be called.
 */
export type CallersOf<T extends Record<string, string>> = {
  readonly [K in keyof T]: readonly TransportIdentity[];
};

/**
 * What running a pattern twice does (decision 0051). `read`: nothing but repeated work,
 * so a caller may retry it and a live replica re-runs it when the replica that took it dies.
 * `write`: it changes state, so it is repeated only when its request carries an idempotency key
 * (`IDEMPOTENCY_KEY_FIELD`), by which the service applies it once; without one a write runs at
 * most once, and a redelivery after a crash is answered "outcome unknown" instead.
 */
export type EffectsOf<T extends Record<string, string>> = {
  readonly [K in keyof T]: 'read' | 'write';
};

/**
 * Reads that record something when their data asks them to (a search people ran, for analytics):
 * such a request is checked for copies before it runs, as a write is, not with its reply
 * (`transportPolicy.onlyReads`, decision 0051). A read missing here records nothing.
 */
export type RecordingReadsOf<T extends Record<string, string>> = {
  readonly [K in keyof T]?: (data: unknown) => boolean;
};

/** The request field that names one user action of a write (the `Idempotency-Key` header). */
export const IDEMPOTENCY_KEY_FIELD = 'idempotencyKey';
