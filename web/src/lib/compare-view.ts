import { COMPARE_MAX, type ComparedCompany, type Period } from '@upright/contracts';
import { formatPeriod, formatRank } from './format';

/** `?c=a,b,c`: the slugs in order, empty parts and repeats dropped, at most COMPARE_MAX. */
export function readCompareSlugs(value: string | null): string[] {
  const slugs = (value ?? '').split(',').filter((slug) => slug !== '');
  return [...new Set(slugs)].slice(0, COMPARE_MAX);
}

const periodKey = (period: Period) => period.period_year * 10 + period.period_qrt;

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
