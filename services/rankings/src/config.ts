import { commonConfigSchema, databaseConfigSchema } from '@upright/platform';
import type { z } from 'zod';

export const rankingsConfigSchema = commonConfigSchema.extend(databaseConfigSchema.shape);
export type RankingsConfig = z.infer<typeof rankingsConfigSchema>;
