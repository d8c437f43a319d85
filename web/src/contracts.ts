/**
 * The web's view of `@upright/contracts` (Vite and TypeScript map the package name here).
 * Values come from the contracts' zod-free modules only: the package index also carries the zod
 * request schemas, which would add ≈15 KB gzipped to the first page. Types come from the whole
 * package (they are erased at build time).
 */
import type { AnyClientPriorityField, NotRankedPriorityField } from '../../services/contracts/src';
import { ISSUES } from '../../services/contracts/src/issues';

export type * from '../../services/contracts/src';
export * from '../../services/contracts/src/issues';
export * from '../../services/contracts/src/errors';
export * from '../../services/contracts/src/details';
export * from '../../services/contracts/src/links';
export * from '../../services/contracts/src/dto/reports';
export { SEARCH_APP_FIELDS } from '../../services/contracts/src/dto/search';
export { SEARCH_APPS } from '../../services/contracts/src/queues/search-index';

/**
 * The accounts contracts' priority field lists (kept in the zod module `dto/accounts.ts`); a unit
 * test checks these equal the contracts' own.
 */
export const NOT_RANKED_PRIORITY_FIELDS = [
  'charitable_giving',
  'fair_competition',
  'local',
  'waste_pollution',
  'sustainable_sourcing',
  'consumer_privacy',
  'hiring_discrimination',
  'child_labor',
  'labor',
  'conflict_sourcing',
  'political_expenditures',
  'transparency',
] as const satisfies readonly NotRankedPriorityField[];

export const CLIENT_PRIORITY_FIELDS: readonly AnyClientPriorityField[] = [
  ...ISSUES.map((issue) => issue.clientPriority),
  ...NOT_RANKED_PRIORITY_FIELDS,
];
