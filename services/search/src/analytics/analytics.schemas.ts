/** The analytics messages' payloads (the field rules are the search messages' own). */
import { SEARCH_LIMITS } from '@upright/contracts';
import { z } from 'zod';
import { app, count, memberUid, name, visitorKey } from '../reactivesearch/reactivesearch.schemas';

export const impressionsRequestSchema = z.strictObject({
  app,
  queryId: z.uuid().nullable(),
  query: z.string().max(SEARCH_LIMITS.maxValueLength).nullable(),
  impressions: z.array(z.strictObject({ index: name, id: name })).max(SEARCH_LIMITS.maxSize),
  memberUid,
  visitorKey,
});

export const clickRequestSchema = z.strictObject({
  app,
  queryId: z.uuid(),
  clickType: z.enum(['result', 'suggestion']),
  clickOn: z.record(name, count(SEARCH_LIMITS.maxFrom + SEARCH_LIMITS.maxSize)),
  memberUid,
});

const isoDate = z.iso.datetime({ offset: true }).or(z.iso.date());

export const recentSearchesRequestSchema = z.strictObject({
  app,
  memberUid: name,
  size: z.int().min(1).max(SEARCH_LIMITS.maxSize),
  from: isoDate.nullable(),
  to: isoDate.nullable(),
  minChars: count(SEARCH_LIMITS.maxValueLength),
});
