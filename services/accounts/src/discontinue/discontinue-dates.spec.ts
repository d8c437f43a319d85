import { deletionDelayMs, deletionDue, discontinueDates } from './discontinue-dates';

describe('discontinuation dates', () => {
  const requested = new Date('2026-11-21T10:30:00.000Z');

  it('sets the final date exactly 7 days after the request', () => {
    expect(discontinueDates(requested)).toEqual({
      discontinueDate: requested,
      discontinueFinal: new Date('2026-11-28T10:30:00.000Z'),
    });
  });

  it('delays deletion until the final date, never negatively', () => {
    const { discontinueFinal } = discontinueDates(requested);
    expect(deletionDelayMs(discontinueFinal, requested)).toBe(7 * 24 * 3600 * 1000);
    expect(deletionDelayMs(discontinueFinal, new Date('2026-12-01T00:00:00Z'))).toBe(0);
  });

  it('deletes only a still-discontinued member whose final date has come', () => {
    const due = new Date('2026-11-28T10:30:00.000Z');
    expect(deletionDue({ discontinue: true, discontinueFinal: due }, due)).toBe(true);
    expect(
      deletionDue({ discontinue: true, discontinueFinal: due }, new Date(due.getTime() - 1)),
    ).toBe(false);
    expect(deletionDue({ discontinue: false, discontinueFinal: null }, due)).toBe(false);
  });
});
