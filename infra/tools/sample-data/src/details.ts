/** Detail rows (the figures behind the scores) of a generated set, table by table. */
import { ISSUES, type DataSet, type DetailTableName, type IssueKey } from '@upright/contracts';
import { DETAIL_PUBLISHERS, type IndustryTemplate } from './catalog';
import type { CompanyPlan } from './companies';
import { addDays, isoDate, MAX_DAYS_AFTER_QUARTER, quarterEnd, type Period } from './periods';
import { between, intBetween, round, type Random } from './prng';

export const publisherSlug = (publisher: string) =>
  publisher.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export function detailRow<T extends DetailTableName>(
  table: T,
  plan: CompanyPlan,
  period: Period,
  scores: DataSet.ScoreRow,
  templates: IndustryTemplate[],
  random: Random,
): DataSet.DetailRow<T> {
  const publisher = DETAIL_PUBLISHERS[table][plan.index % DETAIL_PUBLISHERS[table].length];
  const cid = plan.row.upright_cid;
  return {
    upright_cid: cid,
    period_year: period.year,
    period_qrt: period.qrt,
    source_publisher: publisher,
    source_url: `https://example.org/${publisherSlug(publisher)}/${table.replace(/_/g, '-')}/${
      period.year
    }-q${period.qrt}/${cid.toLowerCase()}`,
    source_date: isoDate(
      addDays(quarterEnd(period), intBetween(random, 15, MAX_DAYS_AFTER_QUARTER)),
    ),
    metrics: detailMetrics(table, plan, scores, templates, random),
  } as DataSet.DetailRow<T>;
}

/** Plausible figures, loosely consistent with the company's size and its scores. */
function detailMetrics<T extends DetailTableName>(
  table: T,
  plan: CompanyPlan,
  scores: DataSet.ScoreRow,
  templates: IndustryTemplate[],
  random: Random,
): DataSet.MetricValues<T> {
  const score = (key: IssueKey, fallback: number) => {
    const field = ISSUES.find((issue) => issue.key === key)!.scoreField;
    return scores[field] ?? fallback;
  };
  const noise = (spread: number) => between(random, -spread, spread);
  const pretax = roundTo(plan.revenue * (plan.margin + noise(0.01)), 100_000);
  const taxRate = clamp(32 - score('tax', 50) * 0.3 + noise(2), -5, 40);
  const usTaxRate = clamp(taxRate - between(random, 0, 8), -10, 35);
  const full = plan.discloses;

  let metrics: Record<string, number | string>;
  switch (table) {
    case 'companies_taxes':
      metrics = {
        pretax_income: pretax,
        income_tax_paid: roundTo(Math.max(pretax, plan.revenue * 0.01) * (taxRate / 100), 100_000),
        ...(pretax > 0 ? { effective_tax_rate: round(taxRate, 1) } : {}),
      };
      break;
    case 'companies_us_taxes': {
      const usPretax = roundTo(pretax * plan.usShare, 100_000);
      metrics = {
        us_pretax_income: usPretax,
        us_federal_tax_paid: roundTo(
          Math.max(usPretax, plan.revenue * 0.005) * (usTaxRate / 100),
          100_000,
        ),
        ...(usPretax > 0 ? { us_effective_tax_rate: round(usTaxRate, 1) } : {}),
      };
      break;
    }
    case 'companies_price_inflations':
      metrics = {
        price_change: round(1 + score('price_inflation', 40) * 0.1 + noise(1.5), 1),
        gross_margin_change: round(between(random, -3, 5), 1),
      };
      break;
    case 'companies_repurchases': {
      const amount = plan.isPublic
        ? roundTo(Math.max(0, pretax) * 0.9 * (score('repurchases', 30) / 100), 100_000)
        : 0;
      metrics = {
        repurchased_amount: amount,
        ...(pretax > 0 ? { repurchase_to_income: round((amount / (pretax * 0.79)) * 100, 1) } : {}),
      };
      break;
    }
    case 'companies_climates': {
      const perMillion = templates[plan.primary].emissionsPerMillion;
      const millions = plan.revenue / 1e6;
      const scope1 = Math.round(millions * perMillion * (0.2 + score('climate', 500) / 1000));
      const scope2 = Math.round(scope1 * between(random, 0.1, 0.6) + millions * 2);
      metrics = {
        scope1_emissions: scope1,
        scope2_emissions: scope2,
        emissions_intensity: round((scope1 + scope2) / millions, 1),
        net_zero_target: plan.netZeroTarget,
      };
      break;
    }
    case 'companies_diversities': {
      const rep = score('diverse_rep', 50);
      const gap = score('pay_gap', 50);
      metrics = {
        women_in_leadership: round(clamp(52 - rep * 0.4 + noise(4), 5, 60), 1),
        minorities_in_leadership: round(clamp(45 - rep * 0.35 + noise(4), 3, 55), 1),
        ...(full
          ? {
              gender_pay_gap: round(clamp(gap * 0.25 + noise(2), 0, 35), 1),
              racial_pay_gap: round(clamp(gap * 0.2 + noise(2), 0, 30), 1),
            }
          : {}),
      };
      break;
    }
    case 'companies_income_inequalities': {
      const ceoPay = roundTo(1_500_000 + score('exec_pay', 40) * 350_000 + noise(500_000), 1000);
      metrics = full
        ? {
            ceo_pay: ceoPay,
            median_worker_pay: plan.medianPay,
            ceo_pay_ratio: Math.round(ceoPay / plan.medianPay),
          }
        : { median_worker_pay: plan.medianPay };
      break;
    }
    case 'companies_lobbyings': {
      const size = Math.min(1, plan.revenue / 2e11) + 0.2;
      const spend = roundTo((score('lobbying', 40) / 100) * 15_000_000 * size, 10_000);
      metrics = {
        lobbying_spend: spend,
        lobbyists: Math.round(spend / 250_000) + intBetween(random, 0, 3),
      };
      break;
    }
    default:
      throw new Error(`no generator for detail table ${String(table)}`);
  }
  return metrics as DataSet.MetricValues<T>;
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
