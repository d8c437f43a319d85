import { defineService, ServiceClientModule } from '@upright/platform';
import { BffModule } from './app.module';
import { bffConfigSchema } from './config/config';
import { configureHttp } from './edge/configure-http';

/** The HTTP API in front of the services: it only calls them, it handles no messages. */
export const bffService = defineService({
  name: 'bff',
  configSchema: bffConfigSchema,
  features: (config) => [ServiceClientModule.forRoot(config), BffModule],
  consumesMessages: false,
  operationsOnOwnPort: true,
  configureHttp,
});
