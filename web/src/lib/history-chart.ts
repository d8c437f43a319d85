import {
  ISSUES,
  type CompanyHistoryPoint,
  type IndustryHistoryResponse,
  type IssueKey,
} from '@upright/contracts';
import { formatPeriod, ISSUE_DATA_NOTE } from './format';
import { dataCoverage } from './ranking-view';

/** What the chart plots: the averages-weighted rank, the unweighted one, or one issue. */
export type HistoryMeasure = 'arank' | 'normalized_rank' | IssueKey;

export const HISTORY_MEASURES: ReadonlyArray<{ value: HistoryMeasure; label: string }> = [
  // Visitors' weights are equal below the members' minimum: the label must not say whose (rules §16).
  { value: 'arank', label: 'Overall (weighted)' },
  { value: 'normalized_rank', label: 'Overall (all issues equal)' },
  ...ISSUES.map((issue) => ({ value: issue.key, label: issue.label })),
];

/** One quarter of the chosen measure, with what the table alternative and labels say. */
export interface HistoryDatum {
  period: string;
  rank: number;
  tied: boolean;
  n: number;
  /** "no data" / "not disclosed" where an issue rank does not come from a score. */
  note: string;
}

/** The rank and tie fields of a measure in an answer's ranks. */
function fieldsOf(measure: HistoryMeasure): { rankField: string; tiedField: string } {
  if (measure === 'arank') return { rankField: 'arank', tiedField: 'atied' };
  if (measure === 'normalized_rank') return { rankField: 'normalized_rank', tiedField: 'tied' };
  return { rankField: `${measure}_rank`, tiedField: `${measure}_tied` };
}

export function historySeries(
  points: readonly CompanyHistoryPoint[],
  measure: HistoryMeasure,
  company: Parameters<typeof dataCoverage>[0],
): HistoryDatum[] {
  return points.map((point) => {
    const ranks = point.ranks as unknown as Record<string, number | boolean>;
    const { rankField, tiedField } = fieldsOf(measure);
    const status =
      measure === 'arank' || measure === 'normalized_rank'
        ? 'scored'
        : dataCoverage(company, point.companies_scores).issueData[measure];
    return {
      period: formatPeriod(point.period),
      rank: ranks[rankField] as number,
      tied: ranks[tiedField] === true,
      n: point.n,
      note: ISSUE_DATA_NOTE[status],
    };
  });
}

/** The frame both charts share: quarters left to right, rank 1 at the top, `lowest` at the bottom. */
export interface ChartAxes {
  width: number;
  height: number;
  /** Plot area inside the axes. */
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** The worst rank the axis reaches (the largest n seen). */
  lowest: number;
  yTicks: Array<{ y: number; rank: number }>;
  x(index: number): number;
  y(rank: number): number;
}

export function chartAxes(count: number, largestN: number, width = 640, height = 260): ChartAxes {
  const left = 44;
  const right = width - 16;
  const top = 16;
  const bottom = height - 36;
  const lowest = Math.max(2, largestN);
  const x = (i: number) =>
    round(count === 1 ? (left + right) / 2 : left + ((right - left) * i) / (count - 1));
  const y = (rank: number) => round(top + ((bottom - top) * (rank - 1)) / (lowest - 1));
  const tickRanks = [...new Set([1, Math.ceil(lowest / 2), lowest])];
  return {
    width,
    height,
    left,
    top,
    right,
    bottom,
    lowest,
    yTicks: tickRanks.map((rank) => ({ y: y(rank), rank })),
    x,
    y,
  };
}

/** An SVG path through the points in order; a missing quarter (null) breaks the line. */
export function pathThrough(points: ReadonlyArray<{ x: number; y: number } | null>): string {
  let pen = 'M';
  const parts: string[] = [];
  for (const point of points) {
    if (point === null) {
      pen = 'M';
      continue;
    }
    parts.push(`${pen}${point.x},${point.y}`);
    pen = 'L';
  }
  return parts.join(' ');
}

/**
 * The industry's median rank in a quarter of n ranked companies: the middle place, (n + 1) / 2
 * (half the industry ranks above it). Ties only share places, so the middle place stays the median.
 */
export function medianPlace(n: number): number {
  return (n + 1) / 2;
}

export interface ChartLayout extends ChartAxes {
  points: Array<{ x: number; y: number; datum: HistoryDatum }>;
  /** SVG path through the points, oldest to newest. */
  path: string;
  /** SVG path through the industry's median rank of each quarter. */
  medianPath: string;
}

/** One company's series placed on the axes; a rise on screen is a better rank. */
export function layoutChart(
  series: readonly HistoryDatum[],
  width = 640,
  height = 260,
): ChartLayout {
  const axes = chartAxes(series.length, Math.max(...series.map((datum) => datum.n)), width, height);
  const points = series.map((datum, i) => ({ x: axes.x(i), y: axes.y(datum.rank), datum }));
  const medians = series.map((datum, i) => ({ x: axes.x(i), y: axes.y(medianPlace(datum.n)) }));
  return { ...axes, points, path: pathThrough(points), medianPath: pathThrough(medians) };
}

/** One company's line of an industry chart: its rank per quarter, null where it was not ranked. */
export interface IndustryLine {
  upright_cid: string;
  company_name: string;
  slug: string;
  ranks: Array<{ rank: number; tied: boolean } | null>;
}

/** Every company of the industry history on the chosen measure, aligned on the periods. */
export function industryLines(
  history: IndustryHistoryResponse,
  measure: HistoryMeasure,
): { periods: string[]; largestN: number; lines: IndustryLine[] } {
  const { rankField, tiedField } = fieldsOf(measure);
  const byPeriod = history.periods.map(
    (period) =>
      new Map(
        period.ranked.map((entry) => [
          entry.upright_cid,
          entry as unknown as Record<string, number | boolean>,
        ]),
      ),
  );
  return {
    periods: history.periods.map((period) => formatPeriod(period.period)),
    largestN: Math.max(0, ...history.periods.map((period) => period.n)),
    lines: history.companies.map((company) => ({
      ...company,
      ranks: byPeriod.map((ranks) => {
        const entry = ranks.get(company.upright_cid);
        return entry ? { rank: entry[rankField] as number, tied: entry[tiedField] === true } : null;
      }),
    })),
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** What a screen reader hears for one quarter. */
export function describeDatum(datum: HistoryDatum): string {
  const rank = `${datum.tied ? 'tied for ' : ''}rank ${datum.rank} of ${datum.n}`;
  return `${datum.period}: ${rank}${datum.note ? `, ${datum.note}` : ''}`;
}

/** The chart's text alternative: the company's quarters, then the median line's. */
export function describeHistory(series: readonly HistoryDatum[]): string {
  const medians = series.map((datum) => `${datum.period} ${medianPlace(datum.n)}`);
  return `Rank 1 is best and at the top. ${series.map(describeDatum).join('; ')}. Industry median rank: ${medians.join('; ')}.`;
}

/** Room a quarter's label ("Q3 '25" at 12 px) needs along the axis. */
const QUARTER_LABEL_PX = 52;

/**
 * Which quarters carry a label when there is no room for all: every k-th counted back from the
 * latest, so the newest is always named and labels never overlap.
 */
export function labelledQuarters(count: number, axes: Pick<ChartAxes, 'left' | 'right'>): number[] {
  if (count === 0) return [];
  const spacing = count === 1 ? Infinity : (axes.right - axes.left) / (count - 1);
  const every = Math.max(1, Math.ceil(QUARTER_LABEL_PX / spacing));
  return Array.from({ length: count }, (_, i) => i).filter((i) => (count - 1 - i) % every === 0);
}
