/**
 * Company detail tables (docs/product/spec.md#s3). Each row belongs to a company and a period,
 * carries its source (publisher, URL, date) and a fixed set of named metrics. The metric list lives
 * here so the importer validates it, the API returns it and the web labels it from one table.
 */
export interface MetricDefinition {
  name: string;
  label: string;
  unit: 'usd' | 'percent' | 'tonnes_co2e' | 'ratio' | 'count' | 'text';
}

export const DETAIL_TABLES = {
  companies_taxes: {
    label: 'Taxes (worldwide)',
    metrics: [
      { name: 'pretax_income', label: 'Pre-tax income', unit: 'usd' },
      { name: 'income_tax_paid', label: 'Income tax paid', unit: 'usd' },
      { name: 'effective_tax_rate', label: 'Effective tax rate', unit: 'percent' },
    ],
  },
  companies_us_taxes: {
    label: 'US federal taxes',
    metrics: [
      { name: 'us_pretax_income', label: 'US pre-tax income', unit: 'usd' },
      { name: 'us_federal_tax_paid', label: 'US federal tax paid', unit: 'usd' },
      { name: 'us_effective_tax_rate', label: 'US effective federal tax rate', unit: 'percent' },
    ],
  },
  companies_price_inflations: {
    label: 'Price inflation',
    metrics: [
      { name: 'price_change', label: 'Average price change', unit: 'percent' },
      { name: 'gross_margin_change', label: 'Gross margin change', unit: 'percent' },
    ],
  },
  companies_repurchases: {
    label: 'Stock repurchasing',
    metrics: [
      { name: 'repurchased_amount', label: 'Stock repurchased', unit: 'usd' },
      {
        name: 'repurchase_to_income',
        label: 'Repurchases as share of net income',
        unit: 'percent',
      },
    ],
  },
  companies_climates: {
    label: 'Climate',
    metrics: [
      { name: 'scope1_emissions', label: 'Scope 1 emissions', unit: 'tonnes_co2e' },
      { name: 'scope2_emissions', label: 'Scope 2 emissions', unit: 'tonnes_co2e' },
      { name: 'emissions_intensity', label: 'Emissions per $1M revenue', unit: 'tonnes_co2e' },
      { name: 'net_zero_target', label: 'Net-zero target year', unit: 'text' },
    ],
  },
  companies_diversities: {
    label: 'Diverse representation and pay gap',
    metrics: [
      { name: 'women_in_leadership', label: 'Women in leadership', unit: 'percent' },
      {
        name: 'minorities_in_leadership',
        label: 'Racial minorities in leadership',
        unit: 'percent',
      },
      { name: 'gender_pay_gap', label: 'Gender pay gap', unit: 'percent' },
      { name: 'racial_pay_gap', label: 'Racial pay gap', unit: 'percent' },
    ],
  },
  companies_income_inequalities: {
    label: 'Executive pay and income inequality',
    metrics: [
      { name: 'ceo_pay', label: 'CEO total pay', unit: 'usd' },
      { name: 'median_worker_pay', label: 'Median worker pay', unit: 'usd' },
      { name: 'ceo_pay_ratio', label: 'CEO-to-median-worker pay ratio', unit: 'ratio' },
    ],
  },
  companies_lobbyings: {
    label: 'US lobbying',
    metrics: [
      { name: 'lobbying_spend', label: 'Federal lobbying spend', unit: 'usd' },
      { name: 'lobbyists', label: 'Registered lobbyists', unit: 'count' },
    ],
  },
} as const satisfies Record<string, { label: string; metrics: readonly MetricDefinition[] }>;

export type DetailTableName = keyof typeof DETAIL_TABLES;
export const DETAIL_TABLE_NAMES = Object.keys(DETAIL_TABLES) as DetailTableName[];

/** Where a number came from: every detail row and every report source carries one. */
export interface SourceRef {
  source_publisher: string;
  source_url: string;
  source_date: string; // YYYY-MM-DD
}
