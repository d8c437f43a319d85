/**
 * The pure weighting rules of docs/product/rules.md#s5 (rules 6–9) shared by the rankings engine,
 * the BFF and the browser: no framework, no I/O, no zod, so the web bundle can take them too. The
 * rules themselves live in @upright/ranking-rules, the package anyone can recompute the ranks with
 * (decision 0078); what is here builds on them.
 */
export {
  applicableIssues,
  applicableWeightHundredths,
  competitionRanks,
  countBelow,
  discloses,
  fromHundredths,
  issueDataStatus,
  METHODOLOGY_VERSION,
  OPEN_DATA_LICENCE,
  orderByName,
  orderedByRank,
  sharedRankFlags,
  toHundredths,
  weighIssueRanks,
  type DisclosureFields,
  type IssueDataStatus,
  type IssueRanksOf,
  type WeightedRank,
  type Weights,
} from '@upright/ranking-rules';
export {
  KeptRankedSet,
  personalMoves,
  rankPersonally,
  rawAt,
  type PersonallyRankable,
  type PersonalRanking,
  type PositionalRanking,
} from './personal';
export { applicableDetailTables, DETAIL_TABLES_OF_ISSUE } from './applicability';
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
