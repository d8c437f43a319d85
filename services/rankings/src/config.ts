import { queueConfigSchema, schemaOwningConfigSchema } from '@upright/platform';
import type { z } from 'zod';

/**
 * Rankings reads what every schema-owning service reads, and the BullMQ prefix of the mail queue
 * (it mails the receipts and decisions of correction requests).
 */
export const rankingsConfigSchema = schemaOwningConfigSchema.extend(queueConfigSchema.shape);
export type RankingsConfig = z.infer<typeof rankingsConfigSchema>;
