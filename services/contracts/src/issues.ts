import type { IssueKey } from '@upright/ranking-rules';

// The rules' facts about the issues live with the rules (decision 0078); the table below adds
// what the site shows and stores for each.
export {
  DISCLOSURE_DEPENDENT_ISSUES,
  ISSUE_KEYS,
  MISSING_CLIMATE_SCORE,
  type IssueKey,
} from '@upright/ranking-rules';

/**
 * The nine weighted issues (docs/product/rules.md#s4), in the order of ISSUE_KEYS (a unit test
 * holds them together). Scores are lower-is-better. This table is the single source for score
 * fields, priority names and labels.
 */
export const ISSUES = [
  {
    key: 'climate',
    scoreField: 'climate_score',
    serverPriority: 'value_climate',
    clientPriority: 'climate',
    label: 'Climate',
  },
  {
    key: 'exec_pay',
    scoreField: 'exec_comp_score',
    serverPriority: 'value_income_inequality',
    clientPriority: 'income_inequality',
    label: 'Executive pay & income inequality',
  },
  {
    key: 'lobbying',
    scoreField: 'us_lobbying_score',
    serverPriority: 'value_lobbying',
    clientPriority: 'lobbying',
    label: 'US lobbying',
  },
  {
    key: 'tax',
    scoreField: 'us_tax_score',
    serverPriority: 'value_tax',
    clientPriority: 'tax',
    label: 'US federal taxes',
  },
  {
    key: 'price_inflation',
    scoreField: 'price_inflation_score',
    serverPriority: 'value_consumer_terms_conditions',
    clientPriority: 'consumer_terms_conditions',
    label: 'Price inflation',
  },
  {
    key: 'repurchases',
    scoreField: 'repurchased_score',
    serverPriority: 'value_wealth_concentration',
    clientPriority: 'wealth_concentration',
    label: 'Stock repurchasing',
  },
  {
    key: 'diverse_rep',
    scoreField: 'diverse_rep_score',
    serverPriority: 'value_diverse_representation',
    clientPriority: 'diverse_representation',
    label: 'Diverse representation',
  },
  {
    key: 'pay_gap',
    scoreField: 'diverse_pay_gap_score',
    serverPriority: 'value_diverse_pay_equity',
    clientPriority: 'diverse_pay',
    label: 'Diversity pay gap',
  },
  {
    key: 'net_neutrality',
    scoreField: 'net_neutrality_score',
    serverPriority: 'value_net_neutrality',
    clientPriority: 'net_neutrality',
    label: 'Net neutrality',
  },
] as const satisfies readonly ({ key: IssueKey } & Record<string, string>)[];

export type Issue = (typeof ISSUES)[number];
export type ScoreField = Issue['scoreField'];
export type ServerPriorityField = Issue['serverPriority'];
export type ClientPriorityField = Issue['clientPriority'];
export type AverageField = `average_${ServerPriorityField extends `value_${infer R}` ? R : never}`;

/** Where the server spells a client priority differently (docs/product/spec.md#s3). */
export const SERVER_SPELLING_OF_CLIENT_FIELD: Readonly<Record<string, string>> = {
  sustainable_sourcing: 'sustainable_sourcing_development',
  net_neutrality: 'neutrality',
  diverse_pay: 'diverse_pay_equity',
};

export const PRIORITY_MIN = 0;
export const PRIORITY_MAX = 10;
export const PRIORITY_DEFAULT = 5;
