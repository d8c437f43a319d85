/**
 * The ranking engine of docs/product/rules.md#s5: plain functions, no framework, database or I/O.
 *
 * Stage 1 `rankIssues` (cache per industry and period) → stage 2 `weigh` (per weight set) →
 * `assembleIndustryRanking` (API lists). `rankIndustry` runs all three. Every result carries
 * `upright_cid`; stage-1 and stage-2 arrays are index-aligned with the input companies, so a caller
 * maps results back by index or by upright_cid.
 */
export type {
  AverageRankFields,
  IndustryRanking,
  IssueRankField,
  IssueRankFields,
  IssueRankedCompany,
  IssueRanking,
  IssueTiedField,
  PersonalRankFields,
  RankableCompany,
  RankedCompany,
  WeightedRank,
  WeightedRanks,
  Weights,
} from './types';
export { rankIssues } from './rank-issues';
export { weigh } from './weigh';
export {
  assembleIndustryRanking,
  rankIndustry,
  rankIndustryFromIssues,
  rankOnIssue,
  rankOnNormalized,
} from './rank-industry';
export { rankField, tiedField } from './issue-fields';
export { whyThisRank } from './why-this-rank';
export { toHundredths } from '@upright/contracts';
