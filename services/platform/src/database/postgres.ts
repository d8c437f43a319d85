import { PrismaPg } from '@prisma/adapter-pg';
import { Gauge } from 'prom-client';
import type { DatabaseConfig } from '../config/common-schema';
import type { ReadinessRegistry } from '../health/readiness-registry';
import type { Metrics } from '../metrics/metrics';

/**
 * How long a query waits for a pooled connection (or for a new one to be made) before it fails:
 * well inside the 5 s request deadline, so a PostgreSQL that is down or restarting is answered
 * 503 at once rather than by the caller's deadline (decision 0051).
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
export function createPgAdapter(config: DatabaseConfig): ObservedPrismaPg {
  return new ObservedPrismaPg({
    connectionString: config.DATABASE_URL,
    max: config.DATABASE_POOL_SIZE,
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: DATABASE_IDLE_CLOSE_MS,
  });
}

/** What pg's Pool counts (pg.Pool's own fields). */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The adapter factory that keeps the pool Prisma connects through, so its counts can be read. */
export class ObservedPrismaPg extends PrismaPg {
  pool: PoolCounts | undefined;

  override async connect(): ReturnType<PrismaPg['connect']> {
    const adapter = await super.connect();
    this.pool = adapter.underlyingDriver();
    return adapter;
  }
}

/**
 * The pool's saturation for the PostgreSQL pool alert (decision 0074): connections in use
 * against DATABASE_POOL_SIZE, and queries waiting for one (each waits at most
 * DATABASE_CONNECT_TIMEOUT_MS, then fails).
 */
export function registerPoolMetrics(
  metrics: Metrics,
  adapter: ObservedPrismaPg,
  config: DatabaseConfig,
): void {
  metrics.sampledGauge(
    'upright_postgres_pool_size',
    'Connections the PostgreSQL pool may hold (DATABASE_POOL_SIZE)',
    () => config.DATABASE_POOL_SIZE,
  );
  new Gauge({
    name: 'upright_postgres_pool_connections',
    help: 'Open connections of the PostgreSQL pool, in_use (lent to a query) or idle',
    labelNames: ['state'],
    registers: [metrics.registry],
    collect() {
      const { totalCount = 0, idleCount = 0 } = adapter.pool ?? {};
      this.set({ state: 'in_use' }, totalCount - idleCount);
      this.set({ state: 'idle' }, idleCount);
    },
  });
  metrics.sampledGauge(
    'upright_postgres_pool_waiting',
    'Queries waiting for a pooled PostgreSQL connection',
    () => adapter.pool?.waitingCount ?? 0,
  );
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
