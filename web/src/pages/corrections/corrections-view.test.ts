import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '@upright/contracts';
import {
  changeText,
  formatDuration,
  formatValue,
  openRequestsText,
  pagesAround,
  queueTotalText,
  stagedInDraftText,
} from './corrections-view';

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

  it('finds the neighbours of a page and the last page', () => {
    expect(pagesAround({ page: 1, size: 20, total: 0 })).toEqual({
      previous: null,
      next: null,
      last: 1,
    });
    expect(pagesAround({ page: 1, size: 2, total: 5 })).toEqual({
      previous: null,
      next: 2,
      last: 3,
    });
    expect(pagesAround({ page: 2, size: 2, total: 5 })).toEqual({ previous: 1, next: 3, last: 3 });
    expect(pagesAround({ page: 3, size: 2, total: 6 })).toEqual({
      previous: 2,
      next: null,
      last: 3,
    });
    expect(pagesAround({ page: 9, size: 2, total: 6 })).toEqual({
      previous: 3,
      next: null,
      last: 3,
    });
  });

  it('counts open requests in words', () => {
    expect(openRequestsText(0)).toBe('No open requests.');
    expect(openRequestsText(1)).toBe('1 open request, listed here once decided.');
    expect(openRequestsText(4)).toBe('4 open requests, listed here once decided.');
  });

  it("counts the admins' queue with the requests staged in the draft", () => {
    expect(queueTotalText(1, 0)).toBe('1 open request, oldest first.');
    expect(queueTotalText(4, 1)).toBe('4 open requests (1 staged in the draft), oldest first.');
    expect(stagedInDraftText(12)).toBe('Staged in draft 12');
  });
});
