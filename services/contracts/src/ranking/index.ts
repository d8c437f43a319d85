/**
 * The pure weighting rules of docs/product/rules.md#s5 (rules 6–9) shared by the rankings engine,
 * the BFF and the browser: no framework, no I/O, no zod, so the web bundle can take them too.
 */
export { competitionRanks, countBelow, sharedRankFlags } from './competition-rank';
export { fromHundredths, toHundredths } from './hundredths';
export { orderByName, orderedByRank } from './name-order';
export { weighIssueRanks, type IssueRanksOf, type WeightedRank, type Weights } from './weigh';
export {
  personalMoves,
  rankPersonally,
  type PersonallyRankable,
  type PersonalRanking,
} from './personal';
export {
  discloses,
  issueDataStatus,
  type DisclosureFields,
  type IssueDataStatus,
} from './missing-data';
export { METHODOLOGY_VERSION, OPEN_DATA_LICENCE } from './methodology';
