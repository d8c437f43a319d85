import { orderedByRank, type IssueKey } from '@upright/contracts';
import { assertIssueKey, rankField } from './issue-fields';
import { plainObject } from './plain-object';
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
 * Whole pipeline for one ranked set: stage 1 over the industry's `applicable` issues, then
 * averages and (for a signed-in member with saved priorities) member weighting. `memberValues`
 * null = visitor: p-fields and `pranked` are null.
 */
export function rankIndustry(
  companies: readonly RankableCompany[],
  applicable: readonly IssueKey[],
  averages: Weights,
  memberValues: Weights | null,
): IndustryRanking {
  return rankIndustryFromIssues(rankIssues(companies, applicable), averages, memberValues);
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
  const companies = ranking.companies.map((company, i): RankedCompany =>
    withWeightedFields(company, averaged[i], personal?.[i] ?? null),
  );
  const { nameOrder } = ranking;
  return {
    ranked: orderedByRank(companies, nameOrder, (company) => company.normalized_rank),
    aranked: orderedByRank(companies, nameOrder, (company) => company.arank),
    pranked:
      personal === null
        ? null
        : orderedByRank(companies, nameOrder, (company) => company.prank ?? 0),
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
  return topOf(ranking, (company) => company[field], count);
}

/** The major variant of `/api/rankings/...`: the first `count` by normalized_rank, then name. */
export function rankOnNormalized(ranking: IssueRanking, count: number): IssueRankedCompany[] {
  return topOf(ranking, (company) => company.normalized_rank, count);
}

function withWeightedFields(
  company: IssueRankedCompany,
  averaged: WeightedRank,
  personal: WeightedRank | null,
): RankedCompany {
  return plainObject<RankedCompany>((fields) => {
    for (const field in company) fields[field] = company[field as keyof IssueRankedCompany];
    fields.raw_arank = averaged.raw;
    fields.arank = averaged.rank;
    fields.atied = averaged.tied;
    fields.raw_prank = personal === null ? null : personal.raw;
    fields.prank = personal === null ? null : personal.rank;
    fields.ptied = personal === null ? null : personal.tied;
  });
}

function topOf(
  ranking: IssueRanking,
  rankOf: (company: IssueRankedCompany) => number,
  count: number,
): IssueRankedCompany[] {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`count must be a non-negative integer, got ${count}`);
  }
  return orderedByRank(ranking.companies, ranking.nameOrder, rankOf).slice(0, count);
}

function assertAligned(ranking: IssueRanking, weighted: WeightedRanks): void {
  const aligned =
    weighted.length === ranking.companies.length &&
    weighted.every((entry, i) => entry.upright_cid === ranking.companies[i].upright_cid);
  if (!aligned) throw new RangeError('weighted ranks do not belong to this issue ranking');
}
