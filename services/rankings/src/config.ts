import { schemaOwningConfigSchema } from '@upright/platform';
import type { z } from 'zod';

/** Rankings reads what every schema-owning service reads, nothing more. */
export const rankingsConfigSchema = schemaOwningConfigSchema;
export type RankingsConfig = z.infer<typeof rankingsConfigSchema>;
