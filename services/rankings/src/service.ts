import { serviceModule, type ServiceDefinition } from '@upright/platform';
import { rankingsConfigSchema } from './config';
import { PrismaClient } from './generated/prisma/client';
import { IndustriesModule } from './industries/industries.module';

export const rankingsService: ServiceDefinition<typeof rankingsConfigSchema> = {
  name: 'rankings',
  configSchema: rankingsConfigSchema,
  appModule: (config) =>
    serviceModule('rankings', config, { database: PrismaClient, features: [IndustriesModule] }),
};
