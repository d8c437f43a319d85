/**
 * Whether an error means a store (PostgreSQL, Redis) is unreachable or restarting, rather than
 * that the request was wrong: such a failure is answered `service_unavailable` (503 with
 * `Retry-After` at the BFF), never `internal`, and the next request may succeed without any
 * process restart (decision 0051).
 */

/** Node socket errors of a peer that is gone, refusing or unreachable. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server shutting down, starting up or losing the connection
 * (classes 08 and 57P), and Prisma's codes for an unreachable server, a closed connection and a
 * pool that gave no connection in time.
 */
const STORE_CODES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  'P1001',
  'P1002',
  'P1017',
  'P2024',
]);

/** Kinds of `@prisma/adapter-pg`'s DriverAdapterError for the same situations. */
const ADAPTER_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);

/** What pg and ioredis say when the server went away under a query or command. */
const MESSAGES =
  /Connection terminated|Connection is closed|connect ECONNREFUSED|Can't reach database server|the database system is (starting up|shutting down)|timeout exceeded when trying to connect|Stream isn't writeable|Reached the max retries per request limit/i;

const MAX_DEPTH = 6;

export function isStoreOutage(error: unknown): boolean {
  return matches(error, 0, new Set());
}

function matches(value: unknown, depth: number, seen: Set<unknown>): boolean {
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH || seen.has(value)) {
    return false;
  }
  seen.add(value);
  const record = value as Record<string, unknown>;
  const code = record.code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || STORE_CODES.has(code))) return true;
  if (typeof record.kind === 'string' && ADAPTER_KINDS.has(record.kind)) return true;
  if (record.name === 'MaxRetriesPerRequestError') return true;
  if (typeof record.message === 'string' && MESSAGES.test(record.message)) return true;
  // Prisma and the driver adapter wrap the driver's error: look inside.
  const meta = record.meta as Record<string, unknown> | undefined;
  return [record.cause, meta?.driverAdapterError, meta?.cause].some((inner) =>
    matches(inner, depth + 1, seen),
  );
}
