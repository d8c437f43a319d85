import { queueConfigSchema, schemaOwningConfigSchema } from '@upright/platform';
import { z } from 'zod';

/**
 * Rankings reads what every schema-owning service reads, and the BullMQ prefix of the mail queue
 * (it mails the receipts and decisions of correction requests).
 */
export const rankingsConfigSchema = schemaOwningConfigSchema.extend({
  ...queueConfigSchema.shape,
  // Open correction requests accepted per company and per requester: enough for a
  // real backlog, few enough that nobody can flood the admins' queue.
  CORRECTIONS_OPEN_PER_COMPANY: z.coerce.number().int().min(1).max(1000).default(20),
  CORRECTIONS_OPEN_PER_REQUESTER: z.coerce.number().int().min(1).max(100).default(3),
});
export type RankingsConfig = z.infer<typeof rankingsConfigSchema>;
