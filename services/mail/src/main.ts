import 'reflect-metadata';
import { commonConfigSchema, serviceModule, startService } from '@upright/platform';

// BullMQ mail workers arrive with issue #4 (see docs/services/mail.md).
void startService({
  name: 'mail',
  configSchema: commonConfigSchema,
  appModule: (config) => serviceModule('mail', config, { features: [] }),
});
