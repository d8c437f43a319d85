import type { IdempotencyKeyed } from '../idempotency';
import { accountsPatterns, type AccountsRequestMap } from './accounts';
import { rankingsPatterns, type RankingsRequestMap } from './rankings';
import { reportsPatterns, type ReportsRequestMap } from './reports';
import { searchPatterns, type SearchRequestMap } from './search';

/**
 * Every request/reply message pattern, one file per answering service. A pattern starts with
 * the name of the service that answers it; the transport routes on that prefix.
 * To add one: add it to the service's file with its request/response in that file's request
 * map, then handle it with `@MessagePattern(Patterns.x.y)` in the owning service.
 */
export const Patterns = {
  rankings: rankingsPatterns,
  accounts: accountsPatterns,
  reports: reportsPatterns,
  search: searchPatterns,
} as const;

type ValuesOf<T> = T[keyof T];
export type Pattern = ValuesOf<{ [S in keyof typeof Patterns]: ValuesOf<(typeof Patterns)[S]> }>;

/** Request and response payload of each pattern. */
export interface RequestMap
  extends RankingsRequestMap, AccountsRequestMap, ReportsRequestMap, SearchRequestMap {}

/** Any request may name its user action (decision 0050); writes are applied once by it. */
export type RequestOf<P extends Pattern> = IdempotencyKeyed<RequestMap[P]['request']>;
export type ResponseOf<P extends Pattern> = RequestMap[P]['response'];
