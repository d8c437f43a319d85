import type { IndustryCompaniesResult, Period, CompanyRankMove } from '@upright/contracts';

export const periodKey = (period: Period): number => period.period_year * 10 + period.period_qrt;

export function comparePeriods(a: Period, b: Period): number {
  return periodKey(a) - periodKey(b);
}

export interface PeriodSteps {
  /** Industries whose latest period is newer than the one alerted: alert, then record. */
  alert: Array<{ industry: string; period: Period }>;
  /**
   * Industries never alerted (new, or first scores): record only, there is nothing earlier to
   * compare with.
   */
  record: Array<{ industry: string; period: Period }>;
}

/**
 * What an import's result asks for (decision 0037): a new period is one later than the last one
 * alerted. A period filled in before it (a back-fill) or a re-import alerts nobody.
 */
export function newPeriods(
  latest: ReadonlyMap<string, Period>,
  alerted: ReadonlyMap<string, Period>,
): PeriodSteps {
  const steps: PeriodSteps = { alert: [], record: [] };
  for (const [industry, period] of [...latest].sort(([a], [b]) => a.localeCompare(b))) {
    const last = alerted.get(industry);
    if (last === undefined) steps.record.push({ industry, period });
    else if (comparePeriods(period, last) > 0) steps.alert.push({ industry, period });
  }
  return steps;
}

/**
 * Who moved: each company ranked at both periods whose normalized_rank differs, by upright_cid.
 * A company new in the industry or gone from it did not "move" (it has no rank to move from).
 */
export function rankMoves(
  previous: IndustryCompaniesResult['ranked'],
  current: IndustryCompaniesResult['ranked'],
): CompanyRankMove[] {
  const before = new Map(previous.map((company) => [company.upright_cid, company.normalized_rank]));
  return current
    .filter((company) => {
      const from = before.get(company.upright_cid);
      return from !== undefined && from !== company.normalized_rank;
    })
    .map((company) => ({
      upright_cid: company.upright_cid,
      company_name: company.company_name,
      slug: company.slug,
      from: before.get(company.upright_cid)!,
      to: company.normalized_rank,
      of: current.length,
    }))
    .sort((a, b) => a.upright_cid.localeCompare(b.upright_cid));
}
