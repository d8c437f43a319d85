/** The request schemas of the rankings routes (params, queries, bodies). */
import { z } from 'zod';
import {
  booleanParam,
  countParam,
  quarterParam,
  rankingValueParam,
  slugParam,
  yearParam,
} from '../shared/route-params';

export const RANKINGS_ROUTE = ':industry/:geography/:primary/:value/:count/:archived/:year/:qrt';

/** In route order, so the first bad parameter is the one reported. */
export const rankingsParams = z.object({
  industry: slugParam,
  geography: slugParam,
  primary: booleanParam,
  value: rankingValueParam,
  count: countParam,
  // Accepted for the clients' route; periods are explicit, so it selects nothing.
  archived: booleanParam,
  year: yearParam,
  qrt: quarterParam,
});
export type RankingsParams = z.output<typeof rankingsParams>;
