import { queueConfigSchema, schemaOwningConfigSchema } from '@upright/platform';
import type { z } from 'zod';

/** QUEUE_PREFIX: the BullMQ key prefix of the queues (tests isolate with their own). */
export const reportsConfigSchema = schemaOwningConfigSchema.extend(queueConfigSchema.shape);
export type ReportsConfig = z.infer<typeof reportsConfigSchema>;
