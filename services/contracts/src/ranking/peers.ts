import type { MetricDefinition } from '../details';

/** A figure's peers (rules §16): the industry's median and best of the same metric and period. */
export interface FigurePeers {
  /** Companies of the industry with this figure at this period (the company included). */
  count: number;
  median: number;
  /** null where no value is better than another (`better: null`). */
  best: number | null;
  worst: number | null;
}

/**
 * The median (the mean of the two middle values for an even count), best and worst of a metric's
 * values; null when there are none. Non-numeric values (a text figure) do not count.
 */
export function figurePeers(
  values: readonly unknown[],
  better: MetricDefinition['better'],
): FigurePeers | null {
  const numbers = values
    .filter((value): value is number => typeof value === 'number' && Number.isFinite(value))
    .sort((a, b) => a - b);
  const count = numbers.length;
  if (count === 0) return null;
  const middle = count >> 1;
  const median = count % 2 === 1 ? numbers[middle] : (numbers[middle - 1] + numbers[middle]) / 2;
  const lowest = numbers[0];
  const highest = numbers[count - 1];
  if (better === null) return { count, median, best: null, worst: null };
  return better === 'lower'
    ? { count, median, best: lowest, worst: highest }
    : { count, median, best: highest, worst: lowest };
}
