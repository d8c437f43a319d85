import { schemaOwningConfigSchema } from '@upright/platform';
import { z } from 'zod';

const prefix = z.string().regex(/^[a-z0-9-]+$/, 'must be lowercase letters, digits and hyphens');

const httpUrl = z.string().refine(
  (value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  },
  { message: 'must be a URL starting with http:// or https://' },
);

/** The search process: schema owner, plus its engine and queue settings. */
export const searchConfigSchema = schemaOwningConfigSchema.extend({
  /** OpenSearch cluster (may carry credentials; never logged). Unset: the embedded engine. */
  OPENSEARCH_URL: z.preprocess((value) => (value === '' ? undefined : value), httpUrl.optional()),
  /** Index alias prefix (OpenSearch) and document space (embedded engine), one per deployment. */
  SEARCH_INDEX_PREFIX: prefix.default('upright'),
  QUEUE_PREFIX: prefix.default('upright'),
});
export type SearchConfig = z.infer<typeof searchConfigSchema>;

export const SEARCH_CONFIG = Symbol('SEARCH_CONFIG');
