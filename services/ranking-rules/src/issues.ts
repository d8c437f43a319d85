/**
 * The nine weighted issues' keys in the order of the issue table (docs/product/rules.md#s4), and
 * the facts about them that the ranking rules read. The contracts' issue table (labels, score and
 * priority fields) is keyed by these.
 */
const KEYS = [
  'climate',
  'exec_pay',
  'lobbying',
  'tax',
  'price_inflation',
  'repurchases',
  'diverse_rep',
  'pay_gap',
  'net_neutrality',
] as const;

export type IssueKey = (typeof KEYS)[number];

export const ISSUE_KEYS: readonly IssueKey[] = KEYS;

/**
 * Issues on which a non-public company without alternative or self reporting
 * gets the lowest rank (docs/product/rules.md#s5 rule 4).
 */
export const DISCLOSURE_DEPENDENT_ISSUES: readonly IssueKey[] = [
  'exec_pay',
  'pay_gap',
  'diverse_rep',
  'tax',
  'repurchases',
  'price_inflation',
];

/**
 * A missing climate score counts as this value and is ranked normally (docs/product/rules.md#s5
 * rule 2).
 */
export const MISSING_CLIMATE_SCORE = 1500;

/**
 * The issues that apply to an industry (rules §16, decision 0054): those its `industry_values`
 * lists, in the order of the issue table; every issue when the list is empty (the data set did not
 * say). Only these are shown for the industry, and only these enter the sums of rules §5 (rule 5:
 * raw_rank, raw_arank, raw_prank); the other issues' ranks are still worked out and answered.
 */
export function applicableIssues(industryValues: readonly string[]): IssueKey[] {
  if (industryValues.length === 0) return [...ISSUE_KEYS];
  const listed = new Set(industryValues);
  return ISSUE_KEYS.filter((key) => listed.has(key));
}
