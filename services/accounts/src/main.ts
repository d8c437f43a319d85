import 'reflect-metadata';
import {
  commonConfigSchema,
  databaseConfigSchema,
  serviceModule,
  startService,
} from '@upright/platform';
import { PrismaClient } from './generated/prisma/client';

// Owns the `accounts` schema; its features arrive with their issues (see docs/services/accounts.md).
void startService({
  name: 'accounts',
  configSchema: commonConfigSchema.extend(databaseConfigSchema.shape),
  appModule: (config) =>
    serviceModule('accounts', config, { database: PrismaClient, features: [] }),
});
