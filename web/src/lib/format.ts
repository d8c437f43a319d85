import type {
  DetailMetric,
  IssueDataStatus,
  IssueEvidence,
  RankMove,
  RankingValue,
} from '@upright/contracts';
import { DISCLOSURE_DEPENDENT_ISSUES, ISSUES } from '@upright/contracts';

/** Month names in English, January first (dates are written out, never localised). */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `2022-02-07` → `February 7, 2022` (dates are calendar days: no time zone shift). */
export function formatDate(isoDay: string | null | undefined): string {
  if (!isoDay) return '—';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDay);
  if (!match) return isoDay;
  return `${MONTHS[Number(match[2]) - 1]} ${Number(match[3])}, ${match[1]}`;
}

export function formatPeriod(period: { period_year: number; period_qrt: number }): string {
  return `Q${period.period_qrt} ${period.period_year}`;
}

/** A rank as shown in tables: ties carry a "T" prefix (T2 = tied for second). */
export function formatRank(
  rank: number | null | undefined,
  tied: boolean | null | undefined,
): string {
  if (rank === null || rank === undefined) return '—';
  return tied ? `T${rank}` : String(rank);
}

/** ▲2 / ▼1 / – / new, with the words a screen reader says instead of the mark. */
export function formatMove(move: RankMove): { mark: string; words: string } {
  if (move === null) return { mark: 'new', words: 'new this period' };
  if (move > 0) return { mark: `▲${move}`, words: `up ${move}` };
  if (move < 0) return { mark: `▼${-move}`, words: `down ${-move}` };
  return { mark: '–', words: 'no change' };
}

/** Beside a rank that does not come from a score (docs/product/rules.md#s5 rules 2–4). */
/** Words beside a rank that say what stands behind it (rules §16). */
export const EVIDENCE_WORDS: Record<IssueEvidence, string> = {
  figure: 'figure below',
  older_figure: 'latest figure is from an earlier period',
  score_without_figure: 'score without a published figure',
  no_score: '',
};

export const ISSUE_DATA_NOTE: Record<IssueDataStatus, string> = {
  scored: '',
  no_data: 'no data',
  not_disclosed: 'not disclosed',
};

export function describeRank(rank: number, tied: boolean, of: number): string {
  return `${tied ? 'tied for ' : ''}${ordinal(rank)} of ${of}`;
}

export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

// The minimum is set: engines differ on the currency's default ($12.0 in Node, $12 in Chromium),
// and a server-made page must read the same in the browser (decision 0039).
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
const plain = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function formatMetric(metric: Pick<DetailMetric, 'unit' | 'value'>): string {
  const { unit, value } = metric;
  if (typeof value === 'string') return value;
  switch (unit) {
    case 'usd':
      return usd.format(value);
    case 'percent':
      return `${plain.format(value)}%`;
    case 'tonnes_co2e':
      return `${plain.format(value)} t CO₂e`;
    case 'ratio':
      return `${plain.format(value)}:1`;
    default:
      return plain.format(value);
  }
}

export function issueLabel(value: RankingValue): string {
  if (value === 'overall') return 'Overall';
  return ISSUES.find((issue) => issue.key === value)?.label ?? value;
}

/**
 * The issues on which a private company without alternative or self-reporting takes the lowest
 * rank (docs/product/rules.md#s5 rule 4), in words, from the rules' own list: "executive pay &
 * income inequality, diversity pay gap, … and price inflation".
 */
export const DISCLOSURE_DEPENDENT_WORDS = listInWords(
  // Lower case in a sentence, but not an initialism ("US federal taxes").
  DISCLOSURE_DEPENDENT_ISSUES.map((key) =>
    issueLabel(key).replace(/^[A-Z](?=[a-z])/, (first) => first.toLowerCase()),
  ),
);

/** `a, b and c`. */
function listInWords(items: readonly string[]): string {
  return items.length < 2
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** docs/product/spec.md#s2 search: 'Found {n} results in {ms} milliseconds'. */
export function resultStatsText(count: number, milliseconds: number): string {
  return `Found ${count} results in ${milliseconds} milliseconds`;
}

/** docs/product/spec.md#s2 company result: subsidiaries and brands separated by dots. */
export function joinWithDots(items: readonly string[]): string {
  return items.join(' · ');
}
