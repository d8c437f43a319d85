import {
  AVERAGE_FIELD_OF_ISSUE,
  type CrowdSnapshot,
  type IssueKey,
  type MembersBand,
} from '@upright/contracts';
import { formatDate } from './format';
import { chartAxes, pathThrough, type ChartAxes } from './history-chart';

/** Priorities run 0–10; the axis puts 10 (most weight) at the top. */
const MAX_WEIGHT = 10;

/** One publication of the averages on the chosen issue. */
export interface CrowdDatum {
  /** "November 25, 2026" (publication day, UTC). */
  day: string;
  /** "2026-11-25": the axis label (short, and the rank charts' quarter shortening leaves it). */
  date: string;
  value: number;
  /** "40–49": members are shown in bands, never counted exactly (decision 0043). */
  members: string;
}

export function membersText({ from, to }: MembersBand): string {
  return `${from}–${to}`;
}

/** The progress towards the members' minimum: "7 more members needed". */
export function membersNeededText(needed: number): string {
  return `${needed} more ${needed === 1 ? 'member' : 'members'} needed`;
}

export function crowdSeries(history: readonly CrowdSnapshot[], issue: IssueKey): CrowdDatum[] {
  const field = AVERAGE_FIELD_OF_ISSUE[issue];
  return history.map((snapshot) => ({
    day: formatDate(snapshot.published_at),
    date: snapshot.published_at.slice(0, 10),
    value: snapshot.averages[field],
    members: membersText(snapshot.members),
  }));
}

/**
 * The rank charts' frame (decision 0024) on a 0–10 scale: the axes of ranks 1…11 with each rank
 * r standing for weight 11 − r, so 10 is at the top, and the ticks labelled with weights.
 */
export function weightAxes(count: number, width = 640, height = 260): ChartAxes {
  const ranks = chartAxes(count, MAX_WEIGHT + 1, width, height);
  const asRank = (weight: number) => MAX_WEIGHT + 1 - weight;
  return {
    ...ranks,
    y: (weight: number) => ranks.y(asRank(weight)),
    yTicks: ranks.yTicks.map((tick) => ({ y: tick.y, rank: asRank(tick.rank) })),
  };
}

/** The chart shows the latest publications only; the table beside it has them all. */
export const CROWD_CHART_POINTS = 50;

/**
 * Labels under the chart: at most `most` days, evenly spread and always the last, the others
 * blank (publications can come minutes apart, and 50 dates would overlap).
 */
export function axisLabels(series: readonly CrowdDatum[], most = 5): string[] {
  const step = Math.max(1, Math.ceil((series.length - 1) / Math.max(1, most - 1)));
  return series.map((datum, i) =>
    i === series.length - 1 || (i % step === 0 && series.length - 1 - i >= step / 2)
      ? datum.date
      : '',
  );
}

export function layoutCrowdChart(series: readonly CrowdDatum[]) {
  const axes = weightAxes(series.length);
  const points = series.map((datum, i) => ({ x: axes.x(i), y: axes.y(datum.value), datum }));
  return { axes, points, path: pathThrough(points) };
}

export function describeCrowdDatum(datum: CrowdDatum): string {
  return `${datum.day}: ${datum.value.toFixed(2)}, averaged over ${datum.members} members`;
}
