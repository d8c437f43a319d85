/**
 * Company detail tables (docs/product/spec.md#s3). Each row belongs to a company and a period,
 * carries its source (publisher, URL, date) and a fixed set of named metrics. The metric list lives
 * here so the importer validates it, the API returns it and the web labels it from one table.
 */
import type { IssueKey } from './issues';

export interface MetricDefinition {
  name: string;
  label: string;
  unit: 'usd' | 'percent' | 'tonnes_co2e' | 'ratio' | 'count' | 'text';
  /**
   * Which way is better for the reader, so a figure can be shown beside the industry's best; null
   * where no value is better than another (an income, a target year).
   */
  better: 'lower' | 'higher' | null;
}

export const DETAIL_TABLES = {
  companies_taxes: {
    issues: ['tax'],
    label: 'Taxes (worldwide)',
    metrics: [
      { name: 'pretax_income', label: 'Pre-tax income', unit: 'usd', better: null },
      { name: 'income_tax_paid', label: 'Income tax paid', unit: 'usd', better: 'higher' },
      {
        name: 'effective_tax_rate',
        label: 'Effective tax rate',
        unit: 'percent',
        better: 'higher',
      },
    ],
  },
  companies_us_taxes: {
    issues: ['tax'],
    label: 'US federal taxes',
    metrics: [
      { name: 'us_pretax_income', label: 'US pre-tax income', unit: 'usd', better: null },
      { name: 'us_federal_tax_paid', label: 'US federal tax paid', unit: 'usd', better: 'higher' },
      {
        name: 'us_effective_tax_rate',
        label: 'US effective federal tax rate',
        unit: 'percent',
        better: 'higher',
      },
    ],
  },
  companies_price_inflations: {
    issues: ['price_inflation'],
    label: 'Price inflation',
    metrics: [
      { name: 'price_change', label: 'Average price change', unit: 'percent', better: 'lower' },
      {
        name: 'gross_margin_change',
        label: 'Gross margin change',
        unit: 'percent',
        better: 'lower',
      },
    ],
  },
  companies_repurchases: {
    issues: ['repurchases'],
    label: 'Stock repurchasing',
    metrics: [
      { name: 'repurchased_amount', label: 'Stock repurchased', unit: 'usd', better: 'lower' },
      {
        name: 'repurchase_to_income',
        label: 'Repurchases as share of net income',
        unit: 'percent',
        better: 'lower',
      },
    ],
  },
  companies_climates: {
    issues: ['climate'],
    label: 'Climate',
    metrics: [
      {
        name: 'scope1_emissions',
        label: 'Scope 1 emissions',
        unit: 'tonnes_co2e',
        better: 'lower',
      },
      {
        name: 'scope2_emissions',
        label: 'Scope 2 emissions',
        unit: 'tonnes_co2e',
        better: 'lower',
      },
      {
        name: 'emissions_intensity',
        label: 'Emissions per $1M revenue',
        unit: 'tonnes_co2e',
        better: 'lower',
      },
      { name: 'net_zero_target', label: 'Net-zero target year', unit: 'text', better: null },
    ],
  },
  companies_diversities: {
    issues: ['diverse_rep', 'pay_gap'],
    label: 'Diverse representation and pay gap',
    metrics: [
      {
        name: 'women_in_leadership',
        label: 'Women in leadership',
        unit: 'percent',
        better: 'higher',
      },
      {
        name: 'minorities_in_leadership',
        label: 'Racial minorities in leadership',
        unit: 'percent',
        better: 'higher',
      },
      { name: 'gender_pay_gap', label: 'Gender pay gap', unit: 'percent', better: 'lower' },
      { name: 'racial_pay_gap', label: 'Racial pay gap', unit: 'percent', better: 'lower' },
    ],
  },
  companies_income_inequalities: {
    issues: ['exec_pay'],
    label: 'Executive pay and income inequality',
    metrics: [
      { name: 'ceo_pay', label: 'CEO total pay', unit: 'usd', better: 'lower' },
      { name: 'median_worker_pay', label: 'Median worker pay', unit: 'usd', better: 'higher' },
      {
        name: 'ceo_pay_ratio',
        label: 'CEO-to-median-worker pay ratio',
        unit: 'ratio',
        better: 'lower',
      },
    ],
  },
  companies_lobbyings: {
    issues: ['lobbying'],
    label: 'US lobbying',
    metrics: [
      { name: 'lobbying_spend', label: 'Federal lobbying spend', unit: 'usd', better: 'lower' },
      { name: 'lobbyists', label: 'Registered lobbyists', unit: 'count', better: 'lower' },
    ],
  },
} as const satisfies Record<
  string,
  {
    /** The weighted issues whose scores these figures stand behind (rules §16). */
    issues: readonly IssueKey[];
    label: string;
    metrics: readonly MetricDefinition[];
  }
>;

export type DetailTableName = keyof typeof DETAIL_TABLES;
export const DETAIL_TABLE_NAMES = Object.keys(DETAIL_TABLES) as DetailTableName[];

/** Where a number came from: every detail row and every report source carries one. */
export interface SourceRef {
  source_publisher: string;
  source_url: string;
  source_date: string; // YYYY-MM-DD
}
