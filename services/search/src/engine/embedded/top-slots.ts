import { lowerBound } from './lower-bound';

/**
 * The first `count` slots in `compare` order (a strict total order), as sorting all of them and
 * slicing would give, without sorting them all: a sorted window of `count` is kept, and a slot
 * is compared with the window's last one before it is placed.
 */
export function topSlots(
  slots: Iterable<number>,
  count: number,
  compare: (a: number, b: number) => number,
): number[] {
  const window: number[] = [];
  if (count <= 0) return window;
  for (const slot of slots) {
    if (window.length === count) {
      if (compare(slot, window[count - 1]) >= 0) continue;
      window.pop();
    }
    window.splice(
      lowerBound(window.length, (index) => compare(window[index], slot) < 0),
      0,
      slot,
    );
  }
  return window;
}
