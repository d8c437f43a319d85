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

/**
 * `topSlots` by descending score, ties broken by `tieBreak` (a strict total order): the same
 * window, but a slot scoring below the window's last is passed over without calling anything,
 * which is what most slots of a large match do.
 */
export function topSlotsByScore(
  slots: ArrayLike<number>,
  count: number,
  scores: ArrayLike<number>,
  tieBreak: (a: number, b: number) => number,
): number[] {
  const window: number[] = [];
  if (count <= 0) return window;
  const compare = (a: number, b: number) => scores[b] - scores[a] || tieBreak(a, b);
  const place = (slot: number) =>
    window.splice(
      lowerBound(window.length, (index) => compare(window[index], slot) < 0),
      0,
      slot,
    );
  let at = 0;
  for (; at < slots.length && window.length < count; at++) place(slots[at]);
  // The window is full: its last slot's score is what a slot must reach to be compared.
  let lowest = window.length > 0 ? scores[window[window.length - 1]] : 0;
  for (; at < slots.length; at++) {
    const slot = slots[at];
    if (scores[slot] < lowest || compare(slot, window[count - 1]) >= 0) continue;
    window.pop();
    place(slot);
    lowest = scores[window[count - 1]];
  }
  return window;
}
