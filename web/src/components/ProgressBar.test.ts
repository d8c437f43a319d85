import { describe, expect, it } from 'vitest';
import { PROGRESS_MINIMUM } from '../lib/constants';
import { trickle } from './ProgressBar';

describe('trickle', () => {
  it('never goes below the 0.08 minimum nor reaches the end by itself', () => {
    expect(PROGRESS_MINIMUM).toBe(0.08);
    expect(trickle(0)).toBeGreaterThanOrEqual(0.08);
    let value = PROGRESS_MINIMUM;
    for (let step = 0; step < 100; step += 1) {
      const next = trickle(value);
      expect(next).toBeGreaterThanOrEqual(value);
      value = next;
    }
    expect(value).toBeLessThanOrEqual(0.95);
  });
});
