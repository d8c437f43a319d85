import {
  COMPARE_MAX,
  ISSUES,
  issueEvidence,
  type ComparedCompany,
  type CompanyDetail,
  type IssueEvidence,
  type IssueKey,
  type Period,
} from '@upright/contracts';
import { formatPeriod, formatRank } from './format';

/** `?c=a,b,c`: the slugs in order, empty parts and repeats dropped, at most COMPARE_MAX. */
export function readCompareSlugs(value: string | null): string[] {
  const slugs = (value ?? '').split(',').filter((slug) => slug !== '');
  return [...new Set(slugs)].slice(0, COMPARE_MAX);
}

const periodKey = (period: Period) => period.period_year * 10 + period.period_qrt;

/** < 0 when `a` is before `b`. */
export function comparePeriods(a: Period, b: Period): number {
  return periodKey(a) - periodKey(b);
}

/**
 * The compared companies' averages-weighted rank per quarter, newest first: every quarter any of
 * them was ranked, "—" where one was not.
 */
export function historyRows(
  companies: readonly ComparedCompany[],
): Array<{ period: string; cells: string[] }> {
  const periods = new Map<number, Period>();
  for (const company of companies) {
    for (const point of company.history) periods.set(periodKey(point.period), point.period);
  }
  return [...periods.entries()]
    .sort(([a], [b]) => b - a)
    .map(([key, period]) => ({
      period: formatPeriod(period),
      cells: companies.map((company) => {
        const point = company.history.find((entry) => periodKey(entry.period) === key);
        return point ? `${formatRank(point.ranks.arank, point.ranks.atied)} of ${point.n}` : '—';
      }),
    }));
}

/** Which compared companies rank best on each row ("best of these", ties all marked). */
export interface BestOfThese {
  overall: Set<string>;
  byIssue: Record<string, Set<string>>;
}

function lowest(entries: ReadonlyArray<{ cid: string; rank: number }>): Set<string> {
  const best = Math.min(...entries.map((entry) => entry.rank));
  return new Set(entries.filter((entry) => entry.rank === best).map((entry) => entry.cid));
}

const SCORE_FIELD_OF = new Map(ISSUES.map((issue) => [issue.key, issue.scoreField]));

/**
 * What stands behind a compared company's rank on an issue (rules §16), as its page says; null
 * when it is not ranked this period.
 */
export function rankEvidence(company: CompanyDetail, key: IssueKey): IssueEvidence | null {
  if (company.ranks === null) return null;
  const score = company.ranks.companies_scores[SCORE_FIELD_OF.get(key)!];
  return issueEvidence(key, score, company.ranks.period, company);
}

/** A rank that a published figure stands behind, of this period or an earlier one. */
export function hasFigure(evidence: IssueEvidence | null): boolean {
  return evidence === 'figure' || evidence === 'older_figure';
}

/**
 * "Best of these": per applicable issue and overall (`overallOf`, the rank the page shows), the
 * compared companies with the lowest rank; companies not ranked this period do not count, nor, on
 * an issue, a rank with no published figure behind it (rules §16: it is never called the best).
 */
export function bestOfThese(
  companies: readonly CompanyDetail[],
  issues: readonly IssueKey[],
  overallOf: (company: CompanyDetail) => number | null,
): BestOfThese {
  const ranked = companies.filter((company) => company.ranks !== null);
  const overall = ranked.flatMap((company) => {
    const rank = overallOf(company);
    return rank === null ? [] : [{ cid: company.upright_cid, rank }];
  });
  const byIssue = Object.fromEntries(
    issues.map((key) => [
      key,
      lowest(
        ranked
          .filter((company) => hasFigure(rankEvidence(company, key)))
          .map((company) => ({
            cid: company.upright_cid,
            rank: (company.ranks as unknown as Record<string, number>)[`${key}_rank`],
          })),
      ),
    ]),
  );
  return { overall: overall.length === 0 ? new Set() : lowest(overall), byIssue };
}
