import { describe, expect, it } from 'vitest';
import { inEffectWords } from './WeightsInEffect';

describe('the date the weights took effect (decision 0055)', () => {
  it('names the month and the day the members’ averages took effect', () => {
    expect(inEffectWords('2026-11-01T00:00:00.000Z')).toBe(
      'of November 2026 (in effect since November 1, 2026)',
    );
  });

  it('keeps the calendar day of a publication under the immediate rule', () => {
    expect(inEffectWords('2026-03-17T23:59:00.000Z')).toBe(
      'of March 2026 (in effect since March 17, 2026)',
    );
  });
});
