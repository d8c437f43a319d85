/**
 * A small seeded pseudo-random number generator (mulberry32) and helpers. Every random stream of
 * the generator is derived from the seed and a label (e.g. `scores`, company index), so each part
 * of a data set can be produced on its own, in any order, and always comes out the same.
 */

export type Random = () => number;

/** mulberry32: 32-bit state, period 2^32, plenty for sample data. Returns numbers in [0, 1). */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over the seed and the labels: a 32-bit seed for one derived stream. */
export function deriveSeed(seed: number, ...labels: (string | number)[]): number {
  let hash = 0x811c9dc5 ^ (seed >>> 0);
  const text = labels.join('\u0001');
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // A final avalanche so that neighbouring labels give unrelated streams.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b) >>> 0;
  hash ^= hash >>> 13;
  return hash >>> 0;
}

export function rngFor(seed: number, ...labels: (string | number)[]): Random {
  return mulberry32(deriveSeed(seed, ...labels));
}

export function intBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function between(random: Random, min: number, max: number): number {
  return min + random() * (max - min);
}

export function chance(random: Random, probability: number): boolean {
  return random() < probability;
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

/** `count` distinct items in random order (or all of them, if fewer). */
export function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const copy = items.slice();
  shuffle(random, copy);
  return copy.slice(0, Math.min(count, copy.length));
}

export function shuffle<T>(random: Random, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
