import { serviceModule, type ServiceDefinition } from '@upright/platform';
import { mailConfigSchema } from './config';
import { DeadLettersModule } from './dead-letters/dead-letters.module';
import { DeliveryModule } from './delivery/delivery.module';

export const mailService: ServiceDefinition<typeof mailConfigSchema> = {
  name: 'mail',
  configSchema: mailConfigSchema,
  appModule: (config) =>
    serviceModule('mail', config, { features: [DeliveryModule, DeadLettersModule] }),
};
