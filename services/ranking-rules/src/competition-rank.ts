/**
 * Standard competition ranking ("1224"), ascending: rank = 1 + number of values strictly smaller.
 * Values must not be NaN. Weighted sums (integers in 0..2³²−1) are put in order by a radix sort
 * and ranked in one walk: a few linear passes where a comparison sort costs n log n. Other values:
 * one native typed-array sort, then a binary search per value.
 */
export function competitionRanks(values: ArrayLike<number>): Int32Array {
  const ranked = radixRanks(values);
  if (ranked !== null) return ranked;
  const sorted = Float64Array.from(values).sort();
  const ranks = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) ranks[i] = 1 + countBelow(sorted, values[i]);
  return ranks;
}

const DIGIT_BITS = 11;
const DIGITS = 1 << DIGIT_BITS;

/** competitionRanks by a stable least-significant-digit radix sort; null for other values. */
function radixRanks(values: ArrayLike<number>): Int32Array | null {
  const length = values.length;
  const keys = new Uint32Array(length);
  let largest = 0;
  for (let i = 0; i < length; i++) {
    const value = values[i];
    if (!(value >= 0 && value <= 0xffffffff) || Math.floor(value) !== value) return null;
    keys[i] = value;
    if (value > largest) largest = value;
  }
  let order = new Int32Array(length);
  for (let i = 0; i < length; i++) order[i] = i;
  let next = new Int32Array(length);
  const counts = new Int32Array(DIGITS + 1);
  for (let shift = 0; shift < 32 && (shift === 0 || largest >= 2 ** shift); shift += DIGIT_BITS) {
    counts.fill(0);
    for (let i = 0; i < length; i++) counts[((keys[i] >>> shift) & (DIGITS - 1)) + 1]++;
    for (let digit = 1; digit <= DIGITS; digit++) counts[digit] += counts[digit - 1];
    for (let at = 0; at < length; at++) {
      const index = order[at];
      next[counts[(keys[index] >>> shift) & (DIGITS - 1)]++] = index;
    }
    [order, next] = [next, order];
  }
  const ranks = new Int32Array(length);
  let rank = 0;
  for (let at = 0; at < length; at++) {
    const index = order[at];
    if (at === 0 || keys[index] !== keys[order[at - 1]]) rank = at + 1;
    ranks[index] = rank;
  }
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
