/**
 * Upright's ranking rules (docs/product/rules.md#s5): the exact arithmetic the rankings engine, the
 * BFF and the browser rank with, and what a reader needs to recompute the site's ranks from its
 * open data (decision 0078). No framework, no I/O, no dependency.
 */
export {
  applicableIssues,
  DISCLOSURE_DEPENDENT_ISSUES,
  ISSUE_KEYS,
  MISSING_CLIMATE_SCORE,
  type IssueKey,
} from './issues';
export { competitionRanks, countBelow, sharedRankFlags } from './competition-rank';
export { fromHundredths, toHundredths } from './hundredths';
export { orderByName, orderedByRank } from './name-order';
export {
  applicableWeightHundredths,
  issueRankMatrix,
  weighIssueRanks,
  weighRankMatrix,
  type IssueRanksOf,
  type WeightedRank,
  type Weights,
} from './weigh';
export {
  discloses,
  issueDataStatus,
  type DisclosureFields,
  type IssueDataStatus,
} from './missing-data';
export { METHODOLOGY_VERSION, OPEN_DATA_LICENCE } from './methodology';
export { readIndustryOpenData, type IndustryOpenDataFile, type OpenDataCompany } from './open-data';
export { recompute, differences, type Recomputed, type RecomputedRank } from './recompute';
export { parseArgs, parseWeights, UsageError, type CliOptions } from './cli-args';
