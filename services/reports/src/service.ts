import { serviceModule, ServiceClientModule, type ServiceDefinition } from '@upright/platform';
import { reportsConfigSchema } from './config';
import { PrismaClient } from './generated/prisma/client';
import { ReportsModule } from './reports/reports.module';

/** Owns the `reports` schema; calls rankings for the rankings it shows and freezes. */
export const reportsService: ServiceDefinition<typeof reportsConfigSchema> = {
  name: 'reports',
  configSchema: reportsConfigSchema,
  appModule: (config) =>
    serviceModule('reports', config, {
      database: PrismaClient,
      features: [ServiceClientModule.forRoot(config), ReportsModule],
    }),
};
