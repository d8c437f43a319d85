import { PrismaPg } from '@prisma/adapter-pg';
import type { DatabaseConfig } from '../config/common-schema';
import type { ReadinessRegistry } from '../health/readiness-registry';

/**
 * How long a query waits for a pooled connection (or for a new one to be made) before it fails:
 * well inside the 5 s request deadline, so a PostgreSQL that is down or restarting is answered
 * 503 at once rather than by the caller's deadline (decision record 0051).
 */
export const DATABASE_CONNECT_TIMEOUT_MS = 2000;

/**
 * How long a pooled connection may sit idle before the pool closes it. pg's default is 10 s: a
 * lull that long closed every connection of every replica, and the crowd that came after it paid
 * for opening them again (a PostgreSQL backend each) at its busiest moment. A pool never holds
 * more than DATABASE_POOL_SIZE, which PostgreSQL must allow for under load anyway.
 */
export const DATABASE_IDLE_CLOSE_MS = 10 * 60_000;

/**
 * Prisma Client runs through the pg driver adapter (docs/product/rules.md#s2); one pool per
 * process. A connection that a PostgreSQL restart closed is dropped from the pool and the next
 * query opens a new one, so the process recovers without a restart.
 */
export function createPgAdapter(config: DatabaseConfig): PrismaPg {
  return new PrismaPg({
    connectionString: config.DATABASE_URL,
    max: config.DATABASE_POOL_SIZE,
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: DATABASE_IDLE_CLOSE_MS,
  });
}

interface RawQueryable {
  $queryRawUnsafe(query: string): Promise<unknown>;
}

export function registerPostgresReadiness(registry: ReadinessRegistry, client: RawQueryable): void {
  registry.register({
    name: 'postgres',
    check: async () => void (await client.$queryRawUnsafe('SELECT 1')),
  });
}
