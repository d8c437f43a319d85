import { defineService, ServiceClientModule } from '@upright/platform';
import { reportsConfigSchema } from './config';
import { PrismaClient } from './generated/prisma/client';
import { ReportsModule } from './reports/reports.module';

/** Owns the `reports` schema; calls rankings for the rankings it shows and freezes. */
export const reportsService = defineService({
  name: 'reports',
  configSchema: reportsConfigSchema,
  database: PrismaClient,
  features: (config) => [ServiceClientModule.forRoot(config), ReportsModule],
});
