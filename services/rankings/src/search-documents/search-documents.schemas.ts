/** `rankings.search-documents.list`: one page of documents by id. */
import { SEARCH_DOCUMENTS_MAX_PAGE } from '@upright/contracts';
import { wholeNumberFrom } from '@upright/platform';
import { z } from 'zod';

export const pageRequest = z.strictObject({
  app: z.enum(['companies', 'industries'], 'must be companies or industries'),
  after: z.string('must be a string').min(1).max(200).nullable(),
  limit: wholeNumberFrom(1, SEARCH_DOCUMENTS_MAX_PAGE),
});
