import { schemaOwningConfigSchema } from '@upright/platform';
import { z } from 'zod';

export const reportsConfigSchema = schemaOwningConfigSchema.extend({
  /** BullMQ key prefix of the queues (tests isolate with their own). */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be lowercase letters, digits and hyphens')
    .default('upright'),
});
export type ReportsConfig = z.infer<typeof reportsConfigSchema>;
