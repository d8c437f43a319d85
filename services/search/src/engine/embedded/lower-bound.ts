/** The first index in 0..length whose entry is not below the sought value (`below` is monotone). */
export function lowerBound(length: number, below: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (below(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}
