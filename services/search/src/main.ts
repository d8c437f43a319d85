import 'reflect-metadata';
import {
  commonConfigSchema,
  databaseConfigSchema,
  serviceModule,
  startService,
} from '@upright/platform';
import { PrismaClient } from './generated/prisma/client';

// Owns the `search` schema; its features arrive with their issues (see docs/services/search.md).
void startService({
  name: 'search',
  configSchema: commonConfigSchema.extend(databaseConfigSchema.shape),
  appModule: (config) => serviceModule('search', config, { database: PrismaClient, features: [] }),
});
