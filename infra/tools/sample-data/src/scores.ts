/** Score rows of a generated set: each company's quarterly series around its latent positions. */
import { ISSUES, type DataSet, type IssueKey } from '@upright/contracts';
import type { IndustryTemplate } from './catalog';
import type { CompanyPlan } from './companies';
import type { Period } from './periods';
import { between, chance, rngFor, round } from './prng';

/** Score scale per issue (lower is better). Climate has a wider scale than the rest. */
const SCORE_RANGE: Readonly<Record<IssueKey, readonly [number, number]>> = {
  climate: [5, 1000],
  exec_pay: [0, 100],
  lobbying: [0, 100],
  tax: [0, 100],
  price_inflation: [0, 100],
  repurchases: [0, 100],
  diverse_rep: [0, 100],
  pay_gap: [0, 100],
  net_neutrality: [0, 100],
};

/** One row per quarter (null where the company has no scores that quarter). */
export function scoreSeries(
  plan: CompanyPlan,
  periods: Period[],
  templates: IndustryTemplate[],
  seed: number,
): (DataSet.ScoreRow | null)[] {
  const random = rngFor(seed, 'scores', plan.index);
  const drift = ISSUES.map(() => 0);
  return periods.map((period, quarter) => {
    const values = ISSUES.map((issue, i) => {
      drift[i] += between(random, -0.04, 0.04);
      const sporadicGap = chance(random, 0.02);
      const tie = chance(random, 0.06);
      if (plan.neverScored.has(i) || sporadicGap) return null;
      const [low, high] = SCORE_RANGE[issue.key];
      // Shared values per industry, issue and quarter: exact ties between companies.
      const position = tie
        ? rngFor(seed, 'tie', templates[plan.primary].slug, i, quarter)()
        : Math.min(1, Math.max(0, plan.latent[i] + drift[i]));
      return round(low + (high - low) * position, 1);
    });
    if (plan.absent.has(quarter)) return null;
    const row = {
      upright_cid: plan.row.upright_cid,
      period_year: period.year,
      period_qrt: period.qrt,
    } as DataSet.ScoreRow;
    ISSUES.forEach((issue, i) => {
      row[issue.scoreField] = values[i];
    });
    return row;
  });
}
