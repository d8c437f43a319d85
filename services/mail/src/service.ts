import { defineService } from '@upright/platform';
import { mailConfigSchema } from './config';
import { DeadLettersModule } from './dead-letters/dead-letters.module';
import { DeliveryModule } from './delivery/delivery.module';

/** Sends the mails of the `mail` queue; owns no schema (the queue is its state). */
export const mailService = defineService({
  name: 'mail',
  configSchema: mailConfigSchema,
  features: () => [DeliveryModule, DeadLettersModule],
});
