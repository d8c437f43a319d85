import { serviceModule, ServiceClientModule, type ServiceDefinition } from '@upright/platform';
import { AveragesModule } from './averages/averages.module';
import { CompaniesModule } from './companies/companies.module';
import { rankingsConfigSchema } from './config';
import { PrismaClient } from './generated/prisma/client';
import { IndustriesModule } from './industries/industries.module';

export const rankingsService: ServiceDefinition<typeof rankingsConfigSchema> = {
  name: 'rankings',
  configSchema: rankingsConfigSchema,
  appModule: (config) =>
    serviceModule('rankings', config, {
      database: PrismaClient,
      features: [
        // The averages come from accounts over the transport.
        ServiceClientModule.forRoot(config),
        IndustriesModule,
        AveragesModule,
        CompaniesModule,
      ],
    }),
};
