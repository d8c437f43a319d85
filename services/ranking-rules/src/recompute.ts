import { applicableIssues, ISSUE_KEYS, type IssueKey } from './issues';
import { orderByName, orderedByRank } from './name-order';
import type { IndustryOpenDataFile, OverallRanks } from './open-data';
import { weighIssueRanks, type Weights } from './weigh';

/** One company's ranks as recomputed, in the fields and spelling of the open data. */
export interface RecomputedRank extends OverallRanks {
  readonly upright_cid: string;
}

export interface Recomputed {
  readonly industry: string;
  readonly period: IndustryOpenDataFile['period'];
  readonly methodology_version: string;
  /** The issues whose ranks were summed (the industry's, rule 5). */
  readonly applicable: readonly IssueKey[];
  readonly weights: Weights;
  /** By arank, then name: the order of the industry page's ranking (rule 9). */
  readonly ranks: readonly RecomputedRank[];
}

const EQUAL_ONES = Object.fromEntries(ISSUE_KEYS.map((key) => [key, 1])) as Weights;

/**
 * docs/product/rules.md#s5 rules 5, 6, 8 and 9 on a downloaded industry file: raw_rank and
 * normalized_rank from the issue ranks (a weight of 1 each), raw_arank and arank from `weights`,
 * both summed over the industry's issues with the exact arithmetic of the site (weighIssueRanks).
 *
 * @throws RangeError on a weight weighIssueRanks refuses.
 */
export function recompute(file: IndustryOpenDataFile, weights: Weights): Recomputed {
  const applicable = applicableIssues(file.industryValues);
  const n = file.companies.length;
  const unweighted = weighIssueRanks(file.companies, EQUAL_ONES, n, applicable);
  const weighted = weighIssueRanks(file.companies, weights, n, applicable);
  const ranks = file.companies.map((company, i): RecomputedRank => ({
    upright_cid: company.upright_cid,
    company_name: company.company_name,
    raw_rank: unweighted[i].raw,
    normalized_rank: unweighted[i].rank,
    tied: unweighted[i].tied,
    raw_arank: weighted[i].raw,
    arank: weighted[i].rank,
    atied: weighted[i].tied,
  }));
  return {
    industry: file.industry,
    period: file.period,
    methodology_version: file.methodology_version,
    applicable,
    weights,
    ranks: orderedByRank(ranks, orderByName(file.companies), (rank) => rank.arank),
  };
}

const COMPARED = ['raw_rank', 'normalized_rank', 'tied', 'raw_arank', 'arank', 'atied'] as const;

/**
 * Where recomputed ranks differ from the ranks the file states, one line per field: empty when
 * every rank is equal. Meaningful with the weights the file states (a reader's own weights give
 * other aranks on purpose).
 */
export function differences(recomputed: Recomputed, file: IndustryOpenDataFile): string[] {
  const stated = new Map(file.companies.map((company) => [company.upright_cid, company]));
  return recomputed.ranks.flatMap((rank) => {
    const company = stated.get(rank.upright_cid);
    if (company === undefined) return [`${rank.upright_cid}: not in the file`];
    return COMPARED.filter((field) => company[field] !== rank[field]).map(
      (field) =>
        `${rank.upright_cid} ${field}: the file says ${String(company[field])}, recomputed ${String(rank[field])}`,
    );
  });
}
