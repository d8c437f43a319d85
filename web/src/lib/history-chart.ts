import { ISSUES, type CompanyHistoryPoint, type IssueKey } from '@upright/contracts';
import { formatPeriod, ISSUE_DATA_NOTE } from './format';
import { dataCoverage } from './ranking-view';

/** What the chart plots: the averages-weighted rank, the unweighted one, or one issue. */
export type HistoryMeasure = 'arank' | 'normalized_rank' | IssueKey;

export const HISTORY_MEASURES: ReadonlyArray<{ value: HistoryMeasure; label: string }> = [
  { value: 'arank', label: "Overall (members' average priorities)" },
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

export function historySeries(
  points: readonly CompanyHistoryPoint[],
  measure: HistoryMeasure,
  company: Parameters<typeof dataCoverage>[0],
): HistoryDatum[] {
  return points.map((point) => {
    const ranks = point.ranks as unknown as Record<string, number | boolean>;
    const tiedField =
      measure === 'arank' ? 'atied' : measure === 'normalized_rank' ? 'tied' : `${measure}_tied`;
    const rankField =
      measure === 'arank' || measure === 'normalized_rank' ? measure : `${measure}_rank`;
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

export interface ChartLayout {
  width: number;
  height: number;
  /** Plot area inside the axes. */
  left: number;
  top: number;
  right: number;
  bottom: number;
  points: Array<{ x: number; y: number; datum: HistoryDatum }>;
  /** SVG path through the points, oldest to newest. */
  path: string;
  yTicks: Array<{ y: number; rank: number }>;
  /** The worst rank the axis reaches (the largest n seen): rank 1 is at the top. */
  lowest: number;
}

/**
 * Where each quarter sits: quarters evenly left to right, rank 1 at the top and the largest n of
 * the series at the bottom, so a rise on screen is a better rank.
 */
export function layoutChart(
  series: readonly HistoryDatum[],
  width = 640,
  height = 260,
): ChartLayout {
  const left = 44;
  const right = width - 16;
  const top = 16;
  const bottom = height - 36;
  const lowest = Math.max(2, ...series.map((datum) => datum.n));
  const x = (i: number) =>
    series.length === 1 ? (left + right) / 2 : left + ((right - left) * i) / (series.length - 1);
  const y = (rank: number) => top + ((bottom - top) * (rank - 1)) / (lowest - 1);
  const points = series.map((datum, i) => ({ x: round(x(i)), y: round(y(datum.rank)), datum }));
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ');
  const tickRanks = [...new Set([1, Math.ceil(lowest / 2), lowest])];
  return {
    width,
    height,
    left,
    top,
    right,
    bottom,
    points,
    path,
    yTicks: tickRanks.map((rank) => ({ y: round(y(rank)), rank })),
    lowest,
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
