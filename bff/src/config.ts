import path from 'node:path';
import { commonConfigSchema } from '@upright/platform';
import { z } from 'zod';
import { authConfigShape, requireAuthSecretsInProduction } from './auth/auth-config';

export const bffConfigSchema = commonConfigSchema
  .extend({
    PRODUCT_NAME: z.string().min(1).default('Upright'),
    /** Built SPA served in local mode; in a cluster the web image serves it. Empty = API only. */
    WEB_DIST_DIR: z.string().default(path.resolve(__dirname, '..', '..', 'web', 'dist')),
    BODY_LIMIT: z
      .string()
      .regex(/^\d+(kb|mb)$/, 'must look like 100kb or 1mb')
      .default('100kb'),
    ...authConfigShape,
  })
  .superRefine(requireAuthSecretsInProduction);
export type BffConfig = z.infer<typeof bffConfigSchema>;

export const BFF_CONFIG = Symbol('BFF_CONFIG');
