import { httpUrl, queueConfigSchema, schemaOwningConfigSchema } from '@upright/platform';
import { z } from 'zod';

/** OpenSearch index names and the embedded engine's spaces take lowercase names. */
const indexPrefix = z
  .string()
  .regex(/^[a-z0-9-]+$/, 'must be lowercase letters, digits and hyphens');

/** The search process: schema owner, plus its engine and queue settings. */
export const searchConfigSchema = schemaOwningConfigSchema.extend(queueConfigSchema.shape).extend({
  /** OpenSearch cluster (may carry credentials; never logged). Unset: the embedded engine. */
  OPENSEARCH_URL: z.preprocess((value) => (value === '' ? undefined : value), httpUrl.optional()),
  /** Index alias prefix (OpenSearch) and document space (embedded engine), one per deployment. */
  SEARCH_INDEX_PREFIX: indexPrefix.default('upright'),
  /** Search analytics (queries, impressions, clicks) older than this are deleted. */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** How often the retention sweep runs. */
  ANALYTICS_SWEEP_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  /**
   * Popular suggestions show a term only once this many distinct searchers (members, or
   * visitors' sessions) searched it: nobody's own searches are shown to others.
   */
  POPULAR_MIN_SEARCHERS: z.coerce.number().int().min(1).max(10_000).default(10),
});
export type SearchConfig = z.infer<typeof searchConfigSchema>;
