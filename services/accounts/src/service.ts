import { serviceModule, ServiceClientModule, type ServiceDefinition } from '@upright/platform';
import { AccountsModule } from './accounts.module';
import { accountsConfigSchema } from './config/accounts-config';
import { PrismaClient } from './generated/prisma/client';

export const accountsService: ServiceDefinition<typeof accountsConfigSchema> = {
  name: 'accounts',
  configSchema: accountsConfigSchema,
  appModule: (config) =>
    serviceModule('accounts', config, {
      database: PrismaClient,
      // The client emits accounts.averages.changed.
      features: [ServiceClientModule.forRoot(config), AccountsModule],
    }),
};
