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
    /**
     * Proxies in front of the BFF whose X-Forwarded-For entries are believed (the client address
     * is the one the last trusted hop saw). 0 locally; 1 behind the chart's ingress.
     */
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    ...authConfigShape,
  })
  .superRefine(requireAuthSecretsInProduction);
export type BffConfig = z.infer<typeof bffConfigSchema>;

export const BFF_CONFIG = Symbol('BFF_CONFIG');
