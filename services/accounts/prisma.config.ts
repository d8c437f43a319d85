import path from 'node:path';
import { defineConfig } from 'prisma/config';

// Only `prisma generate` runs here: migrations are SQL files applied by dbmate
// (docs/product/rules.md#s10). The CLI insists on a schema-engine binary it cannot download
// offline; generate never runs it, so any existing file will do, and this one always exists, in a
// checkout and in an image.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= __filename;

export default defineConfig({ schema: path.join(__dirname, 'prisma', 'schema.prisma') });
