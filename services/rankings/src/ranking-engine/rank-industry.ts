import type { IssueKey } from '@upright/contracts';
import { assertIssueKey, rankField } from './issue-fields';
import { rankIssues } from './rank-issues';
import type {
  IndustryRanking,
  IssueRankedCompany,
  IssueRanking,
  RankableCompany,
  RankedCompany,
  WeightedRank,
  WeightedRanks,
  Weights,
} from './types';
import { weigh } from './weigh';

/**
 * Whole pipeline for one ranked set: stage 1, then averages and (for a signed-in member with saved
 * priorities) member weighting. `memberValues` null = visitor: p-fields and `pranked` are null.
 */
export function rankIndustry(
  companies: readonly RankableCompany[],
  averages: Weights,
  memberValues: Weights | null,
): IndustryRanking {
  return rankIndustryFromIssues(rankIssues(companies), averages, memberValues);
}

/** Same as rankIndustry, from a (cached) stage-1 result. */
export function rankIndustryFromIssues(
  ranking: IssueRanking,
  averages: Weights,
  memberValues: Weights | null,
): IndustryRanking {
  const personal = memberValues === null ? null : weigh(ranking, memberValues);
  return assembleIndustryRanking(ranking, weigh(ranking, averages), personal);
}

/**
 * Builds the API lists from stage-1 and stage-2 results (any of which may come from a cache).
 * @throws RangeError when a weighted result does not belong to `ranking`.
 */
export function assembleIndustryRanking(
  ranking: IssueRanking,
  averaged: WeightedRanks,
  personal: WeightedRanks | null,
): IndustryRanking {
  assertAligned(ranking, averaged);
  if (personal !== null) assertAligned(ranking, personal);
  const companies = ranking.companies.map(
    (company, i): RankedCompany => ({
      ...company,
      ...averageFields(averaged[i]),
      ...personalFields(personal === null ? null : personal[i]),
    }),
  );
  return {
    ranked: sortedBy(companies, (company) => company.normalized_rank),
    aranked: sortedBy(companies, (company) => company.arank),
    pranked: personal === null ? null : sortedBy(companies, (company) => company.arank),
    none: companies.length === 0,
  };
}

/**
 * For `/api/rankings/...`: the first `count` companies by their rank on `key`, then name.
 * @throws RangeError on an unknown key or a count that is not a non-negative integer.
 */
export function rankOnIssue(
  ranking: IssueRanking,
  key: IssueKey,
  count: number,
): IssueRankedCompany[] {
  assertIssueKey(key);
  const field = rankField(key);
  return topOf(ranking.companies, (company) => company[field], count);
}

/** The major variant of `/api/rankings/...`: the first `count` by normalized_rank, then name. */
export function rankOnNormalized(ranking: IssueRanking, count: number): IssueRankedCompany[] {
  return topOf(ranking.companies, (company) => company.normalized_rank, count);
}

function averageFields(weighted: WeightedRank): Pick<RankedCompany, 'raw_arank' | 'arank' | 'atied'> {
  return { raw_arank: weighted.raw, arank: weighted.rank, atied: weighted.tied };
}

function personalFields(
  weighted: WeightedRank | null,
): Pick<RankedCompany, 'raw_prank' | 'prank' | 'ptied'> {
  if (weighted === null) return { raw_prank: null, prank: null, ptied: null };
  return { raw_prank: weighted.raw, prank: weighted.rank, ptied: weighted.tied };
}

function topOf<T extends IssueRankedCompany>(
  companies: readonly T[],
  rankOf: (company: T) => number,
  count: number,
): T[] {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`count must be a non-negative integer, got ${count}`);
  }
  return sortedBy(companies, rankOf).slice(0, count);
}

const NAME_ORDER = new Intl.Collator('en');

/**
 * Ascending by rank, then company_name (English collation, so "eBay" sorts beside "Exxon"), then
 * upright_cid by code units, which makes the order total: it never depends on the input order.
 */
function sortedBy<T extends IssueRankedCompany>(
  companies: readonly T[],
  rankOf: (company: T) => number,
): T[] {
  return [...companies].sort(
    (a, b) =>
      rankOf(a) - rankOf(b) ||
      NAME_ORDER.compare(a.company_name, b.company_name) ||
      compareCodeUnits(a.upright_cid, b.upright_cid),
  );
}

function compareCodeUnits(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

function assertAligned(ranking: IssueRanking, weighted: WeightedRanks): void {
  const aligned =
    weighted.length === ranking.companies.length &&
    weighted.every((entry, i) => entry.upright_cid === ranking.companies[i].upright_cid);
  if (!aligned) throw new RangeError('weighted ranks do not belong to this issue ranking');
}
