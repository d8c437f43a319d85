/**
 * Standard competition ranking ("1224"), ascending: rank = 1 + number of values strictly smaller.
 * Values must not be NaN. O(n log n): one native typed-array sort, then a binary search per value.
 */
export function competitionRanks(values: ArrayLike<number>): Int32Array {
  const sorted = Float64Array.from(values).sort();
  const ranks = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) ranks[i] = 1 + countBelow(sorted, values[i]);
  return ranks;
}

/**
 * Number of entries of the ascending array `sorted` that are strictly below `value`. NaN entries,
 * which a typed-array sort puts last, are never below anything, so they are never counted.
 */
export function countBelow(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * `tied[i]` = some other position holds the same rank as position i. Ranks must be integers in
 * 1..ranks.length (true of every rank the engine produces, L = n included).
 */
export function sharedRankFlags(ranks: ArrayLike<number>): boolean[] {
  const holders = new Int32Array(ranks.length + 1);
  for (let i = 0; i < ranks.length; i++) holders[ranks[i]]++;
  const tied = new Array<boolean>(ranks.length);
  for (let i = 0; i < ranks.length; i++) tied[i] = holders[ranks[i]] > 1;
  return tied;
}
