import 'reflect-metadata';
import {
  commonConfigSchema,
  databaseConfigSchema,
  serviceModule,
  startService,
} from '@upright/platform';
import { PrismaClient } from './generated/prisma/client';

// Owns the `reports` schema; its features arrive with their issues (see docs/services/reports.md).
void startService({
  name: 'reports',
  configSchema: commonConfigSchema.extend(databaseConfigSchema.shape),
  appModule: (config) => serviceModule('reports', config, { database: PrismaClient, features: [] }),
});
