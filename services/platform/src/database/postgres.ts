import { PrismaPg } from '@prisma/adapter-pg';
import type { DatabaseConfig } from '../config/common-schema';
import type { ReadinessRegistry } from '../health/readiness-registry';

/**
 * Prisma Client runs through the pg driver adapter (docs/product/rules.md#s2); one pool per
 * process.
 */
export function createPgAdapter(config: DatabaseConfig): PrismaPg {
  return new PrismaPg({ connectionString: config.DATABASE_URL, max: config.DATABASE_POOL_SIZE });
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
