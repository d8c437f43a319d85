import type { ServiceDefinition } from '@upright/platform';
import { BffModule } from './app.module';
import { bffConfigSchema } from './config';
import { configureHttp } from './http/configure-http';

export const bffService: ServiceDefinition<typeof bffConfigSchema> = {
  name: 'bff',
  configSchema: bffConfigSchema,
  appModule: (config) => BffModule.forRoot(config),
  consumesMessages: false,
  configureHttp,
};
