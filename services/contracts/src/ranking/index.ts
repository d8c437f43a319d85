/**
 * The pure weighting rules of docs/product/rules.md#s5 (rules 6–9) shared by the rankings engine,
 * the BFF and the browser: no framework, no I/O, no zod, so the web bundle can take them too.
 */
export { competitionRanks, countBelow, sharedRankFlags } from './competition-rank';
export { fromHundredths, toHundredths } from './hundredths';
export { orderByName, orderedByRank } from './name-order';
export {
  applicableWeightHundredths,
  weighIssueRanks,
  type IssueRanksOf,
  type WeightedRank,
  type Weights,
} from './weigh';
export {
  KeptRankedSet,
  personalMoves,
  rankPersonally,
  rawAt,
  type PersonallyRankable,
  type PersonalRanking,
  type PositionalRanking,
} from './personal';
export {
  discloses,
  issueDataStatus,
  type DisclosureFields,
  type IssueDataStatus,
} from './missing-data';
export { METHODOLOGY_VERSION, OPEN_DATA_LICENCE } from './methodology';
export { applicableDetailTables, applicableIssues, DETAIL_TABLES_OF_ISSUE } from './applicability';
export { issueEvidence, type EvidenceEntry, type IssueEvidence } from './evidence';
export { figurePeers, type FigurePeers } from './peers';
export {
  explainRank,
  weightsBasis,
  WEIGHTS_LABEL,
  type IssueBar,
  type RankExplanation,
  type WeightsBasis,
} from './explain';
