import {
  ISSUES,
  issueDataStatus,
  type Company,
  type CompanyScores,
  type IndustryCompaniesResult,
  type IndustryMoves,
  type IssueDataStatus,
  type IssueKey,
  type RankedCompany,
  type RankMove,
  type TopCompany,
} from '@upright/contracts';

/** What every ranked row carries: the company, its issue ranks and one combined rank. */
export interface RankingRow {
  upright_cid: string;
  company_name: string;
  slug: string;
  industry: string;
  rank: number | null;
  tied: boolean | null;
  issueRanks: Record<IssueKey, { rank: number; tied: boolean }>;
  /** Where each issue rank comes from (docs/product/rules.md#s5 rules 2–4). */
  issueData: Record<IssueKey, IssueDataStatus>;
  /** Issues of those that apply to the industry with a score that counts. */
  coverage: number;
  /** Move since the previous period; undefined where the table shows none. */
  move?: RankMove;
}

export function issueRanksOf(company: Record<string, unknown>): RankingRow['issueRanks'] {
  return Object.fromEntries(
    ISSUES.map((issue) => [
      issue.key,
      { rank: company[`${issue.key}_rank`] as number, tied: company[`${issue.key}_tied`] === true },
    ]),
  ) as RankingRow['issueRanks'];
}

/**
 * The issues a company ranks best and worst on among `issues` (on a tie, the best is the first in
 * the issue table's order and the worst the last); null when no issue applies.
 */
export function bestAndWorstIssues(
  issueRanks: RankingRow['issueRanks'],
  issues: readonly IssueKey[],
): { best: IssueKey; worst: IssueKey } | null {
  const byRank = [...issues].sort((a, b) => issueRanks[a].rank - issueRanks[b].rank);
  if (byRank.length === 0) return null;
  return { best: byRank[0], worst: byRank[byRank.length - 1] };
}

/**
 * The field a table's ranks are coloured within: the lowest rank is the number ranked (rules §5),
 * which a name filter leaves standing.
 */
export function rankField(rows: readonly RankingRow[]): number {
  return Math.max(rows.length, ...rows.map((row) => row.rank ?? 0));
}

export type Weighting = 'personal' | 'averages';

/**
 * Which list an industry page shows (docs/product/rules.md#s5 rule 9): a member with saved
 * priorities sees `pranked` (their own weighting); everyone else sees `aranked`, weighted by
 * members' averages. `applicable`: the industry's issues, the only ones coverage counts.
 */
export function industryRanking(
  result: IndustryCompaniesResult,
  applicable: readonly IssueKey[],
  moves?: IndustryMoves,
): {
  weighting: Weighting;
  rows: RankingRow[];
} {
  // Each company comes once, in `ranked`; the weighted lists name them by id
  // (docs/product/rules.md#s11).
  const byCid = new Map(result.ranked.map((company) => [company.upright_cid, company]));
  const companiesOf = (ids: readonly string[]) =>
    ids.flatMap((id) => {
      const company = byCid.get(id);
      return company ? [company] : [];
    });
  if (result.pranked) {
    return {
      weighting: 'personal',
      // The member's own move, weighed with their values (decision 0047).
      rows: companiesOf(result.pranked).map((company) => ({
        ...toRow(company, company.prank, company.ptied, applicable),
        move: moves?.[company.upright_cid]?.prank,
      })),
    };
  }
  return {
    weighting: 'averages',
    rows: companiesOf(result.aranked).map((company) => ({
      ...toRow(company, company.arank, company.atied, applicable),
      move: moves?.[company.upright_cid]?.arank,
    })),
  };
}

function toRow(
  company: RankedCompany | TopCompany,
  rank: number | null,
  tied: boolean | null,
  applicable: readonly IssueKey[],
): RankingRow {
  return {
    upright_cid: company.upright_cid,
    company_name: company.company_name,
    slug: company.slug,
    industry: company.industry,
    rank,
    tied,
    issueRanks: issueRanksOf(company as unknown as Record<string, unknown>),
    ...dataCoverage(company, company.companies_scores, applicable),
  };
}

/** Where each issue rank comes from and how many of the applicable ones have a score that counts. */
export function dataCoverage(
  company: Pick<Company, 'structure' | 'alt_reporting' | 'self_reporting'>,
  scores: CompanyScores,
  /** The issues that apply to the industry: coverage counts only these (rules §16). */
  applicable: readonly IssueKey[] = ISSUES.map((issue) => issue.key),
): { issueData: Record<IssueKey, IssueDataStatus>; coverage: number } {
  const issueData = Object.fromEntries(
    ISSUES.map((issue) => [
      issue.key,
      issueDataStatus(company, issue.key, scores[issue.scoreField]),
    ]),
  ) as Record<IssueKey, IssueDataStatus>;
  const coverage = applicable.filter((key) => issueData[key] === 'scored').length;
  return { issueData, coverage };
}

/** A report's frozen ranking: ranked on its issue, or on normalized_rank for `overall`. */
export function reportRows(
  rankings: TopCompany[],
  value: string,
  applicable: readonly IssueKey[],
): RankingRow[] {
  return rankings.map((company) => {
    if (value === 'overall') {
      return toRow(company, company.normalized_rank, company.tied, applicable);
    }
    const own = company as unknown as Record<string, unknown>;
    return toRow(
      company,
      own[`${value}_rank`] as number,
      own[`${value}_tied`] === true,
      applicable,
    );
  });
}
