import {
  DETAIL_TABLES,
  DETAIL_TABLES_OF_ISSUE,
  DISCLOSURE_DEPENDENT_ISSUES,
  ISSUES,
  type IssueKey,
  type MetricDefinition,
} from '@upright/contracts';

/** What each issue's score stands for, in words a reader can check. */
interface IssueWords {
  /** What a better (lower) score means. */
  measures: string;
  /** The kinds of publisher the figures come from; each figure names its own on the company page. */
  sources: string;
  /** How often the figures behind the score change. */
  cadence: string;
}

const WORDS: Record<IssueKey, IssueWords> = {
  climate: {
    measures:
      'Greenhouse gases the company emits directly (scope 1) and through the energy it buys (scope 2), against its revenue, and how firm its net-zero target is.',
    sources:
      'Company emissions disclosures and sustainability reports, government emissions registries and independent climate researchers.',
    cadence: 'Yearly, when emissions for the year are reported.',
  },
  exec_pay: {
    measures:
      'How far the chief executive’s pay is above the pay of the median worker; a lower ratio is better.',
    sources:
      'Annual proxy statements filed with the US Securities and Exchange Commission, and workplace surveys.',
    cadence: 'Yearly, with each proxy statement.',
  },
  lobbying: {
    measures: 'Money spent lobbying the US federal government and the lobbyists registered for it.',
    sources: 'Federal lobbying disclosure filings and independent lobbying trackers.',
    cadence: 'Quarterly, as lobbying reports are filed.',
  },
  tax: {
    measures:
      'The share of US pre-tax income paid in federal income tax, and worldwide; a company paying its rate ranks better.',
    sources: 'Annual reports (10-K tax notes) and tax policy researchers.',
    cadence: 'Yearly, with each annual report.',
  },
  price_inflation: {
    measures:
      'How much prices rose for customers and how much of the rise went to the company’s margin.',
    sources: 'Company financial filings and consumer price monitors.',
    cadence: 'Quarterly or yearly, as results are published.',
  },
  repurchases: {
    measures:
      'Money spent buying back the company’s own shares, against its net income; less is better.',
    sources: 'Cash-flow statements in company filings and accountability researchers.',
    cadence: 'Quarterly, with each financial statement.',
  },
  diverse_rep: {
    measures: 'The share of women and of racial minorities in the company’s leadership.',
    sources: 'Company workforce disclosures (such as EEO-1 reports) and workplace surveys.',
    cadence: 'Yearly.',
  },
  pay_gap: {
    measures:
      'The gap between what women and men, and racial minorities and others, are paid; a smaller gap is better.',
    sources: 'Company pay-equity disclosures and workplace surveys.',
    cadence: 'Yearly.',
  },
  net_neutrality: {
    measures:
      'The company’s record on an open internet: its public positions and lobbying for or against net neutrality. No figure stands behind this score: it is an assessment of the record.',
    sources: 'Regulatory filings, public statements and news media.',
    cadence: 'When the company’s position changes.',
  },
};

const UNIT_WORDS: Record<MetricDefinition['unit'], string> = {
  usd: 'US dollars',
  percent: 'per cent',
  tonnes_co2e: 'tonnes of CO₂ equivalent',
  ratio: 'ratio to 1',
  count: 'a count',
  text: 'words or a year',
};

const DIRECTION_WORDS: Record<'lower' | 'higher' | 'none', string> = {
  lower: 'lower is better',
  higher: 'higher is better',
  none: 'context, neither better nor worse',
};

/** What "no data" (and "not disclosed") means on an issue, by rules 2–4 of rules.md#s5. */
function noDataWords(key: IssueKey): string {
  if (key === 'climate') {
    return 'No climate score for the quarter: it counts as a very poor score (1500) and is ranked with the others.';
  }
  const missing = 'No score for the quarter: the company takes the lowest rank on this issue.';
  return DISCLOSURE_DEPENDENT_ISSUES.includes(key)
    ? `${missing} "Not disclosed": a private company that publishes no alternative or self-reported figures also ranks last here, whatever its score.`
    : missing;
}

export interface IssueDefinition extends IssueWords {
  key: IssueKey;
  label: string;
  noData: string;
  metrics: Array<{ label: string; unit: string; direction: string }>;
}

/** The nine issues with their words and the figures published behind each. */
export function issueDefinitions(): IssueDefinition[] {
  return ISSUES.map((issue) => ({
    key: issue.key,
    label: issue.label,
    ...WORDS[issue.key],
    noData: noDataWords(issue.key),
    metrics: DETAIL_TABLES_OF_ISSUE[issue.key].flatMap((table) =>
      (DETAIL_TABLES[table].metrics as readonly MetricDefinition[]).map((metric) => ({
        label: metric.label,
        unit: UNIT_WORDS[metric.unit],
        direction: DIRECTION_WORDS[metric.better ?? 'none'],
      })),
    ),
  }));
}
