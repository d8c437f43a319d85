import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '@upright/contracts';
import { changeText, formatDuration, formatValue } from './corrections-view';

describe('corrections view', () => {
  it('says a measured time the way people say it', () => {
    expect(formatDuration(null)).toBe('not measured yet');
    expect(formatDuration(600)).toBe('under an hour');
    expect(formatDuration(3600)).toBe('1 hour');
    expect(formatDuration(30 * 3600)).toBe('30 hours');
    expect(formatDuration(3 * 86400 + 3600)).toBe('3 days');
  });

  it('shows before → after of an accepted correction only', () => {
    const entry = {
      status: 'accepted',
      field_label: 'Climate rank',
      corrected_field_label: 'Climate score',
      before_value: 12.5,
      after_value: null,
    } as LedgerEntry;
    expect(changeText(entry)).toBe('Climate score: 12.5 → no data');
    expect(changeText({ ...entry, status: 'rejected' })).toBe('—');
    expect(formatValue(0)).toBe('0');
  });
});
