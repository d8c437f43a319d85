import path from 'node:path';
import { defineConfig } from 'prisma/config';

/**
 * Every service's prisma.config.ts. Only `prisma generate` runs here: migrations are SQL files
 * applied by dbmate (decisions §10). Prisma's CLI wants a schema-engine binary it cannot
 * download on these machines; generate never executes it, so any existing file satisfies it.
 */
export function definePrismaConfig(serviceDir: string) {
  process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(__dirname, 'prisma-schema-engine-unused');
  return defineConfig({ schema: path.join(serviceDir, 'prisma', 'schema.prisma') });
}
