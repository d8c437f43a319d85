import { CORRECTION_FIELDS, correctionFieldLabel, isCorrectionField } from '@upright/contracts';
import { remoteErrorThrownBy } from '@upright/platform/testing';
import { pageWindow, scoreToCorrect, toLedgerEntry, type LedgerRow } from './ledger';

const decimal = (value: number) => ({ toNumber: () => value });

describe('pageWindow', () => {
  it('skips the pages before and takes one page', () => {
    expect(pageWindow({ page: 1, size: 20 })).toEqual({ skip: 0, take: 20 });
    expect(pageWindow({ page: 3, size: 5 })).toEqual({ skip: 10, take: 5 });
  });
});

describe('correction fields', () => {
  it('are the nine score fields and the ranks, each with a label', () => {
    expect(CORRECTION_FIELDS).toContain('climate_score');
    expect(CORRECTION_FIELDS).toContain('normalized_rank');
    expect(CORRECTION_FIELDS).toContain('climate_rank');
    expect(CORRECTION_FIELDS).toHaveLength(9 + 2 + 9);
    expect(correctionFieldLabel('climate_score')).toBe('Climate score');
    expect(correctionFieldLabel('us_lobbying_score')).toBe('US lobbying score');
    expect(correctionFieldLabel('lobbying_rank')).toBe('US lobbying rank');
    expect(correctionFieldLabel('normalized_rank')).toBe('Overall rank');
  });

  it('refuse free text', () => {
    expect(isCorrectionField('climate_score')).toBe(true);
    expect(isCorrectionField('company_name')).toBe(false);
    expect(isCorrectionField('climate_score; DROP TABLE')).toBe(false);
  });
});

describe('scoreToCorrect', () => {
  it('takes the score named, else the score asked about', () => {
    expect(scoreToCorrect('climate_rank', 'climate_score')).toBe('climate_score');
    expect(scoreToCorrect('us_tax_score', undefined)).toBe('us_tax_score');
  });

  it('needs a score named when a rank was asked about', () => {
    expect(remoteErrorThrownBy(() => scoreToCorrect('normalized_rank', undefined))).toMatchObject({
      code: 'validation_failed',
      field: 'corrected_field',
    });
  });
});

describe('toLedgerEntry', () => {
  const row: LedgerRow = {
    id: 12,
    field: 'climate_rank',
    periodYear: 2031,
    periodQrt: 2,
    status: 'accepted',
    requestedAt: new Date('2031-07-01T10:00:00Z'),
    resolvedAt: new Date('2031-07-03T10:00:00Z'),
    resolutionReason: 'New filing',
    correctedField: 'climate_score',
    beforeValue: decimal(12.5),
    afterValue: null,
    sourceUrl: 'https://example.org/filing',
  };

  it('shapes a resolved request with labels and numbers, nothing about the requester', () => {
    const entry = toLedgerEntry(row);
    expect(entry).toEqual({
      reference: 'C-12',
      field: 'climate_rank',
      field_label: 'Climate rank',
      period_year: 2031,
      period_qrt: 2,
      status: 'accepted',
      requested_at: '2031-07-01T10:00:00.000Z',
      resolved_at: '2031-07-03T10:00:00.000Z',
      corrected_field: 'climate_score',
      corrected_field_label: 'Climate score',
      before_value: 12.5,
      after_value: null,
      reason: 'New filing',
      source_url: 'https://example.org/filing',
    });
  });

  it('shapes an open request with empty resolution fields', () => {
    expect(
      toLedgerEntry({
        ...row,
        status: 'open',
        resolvedAt: null,
        resolutionReason: null,
        correctedField: null,
        beforeValue: null,
        sourceUrl: null,
      }),
    ).toMatchObject({ status: 'open', resolved_at: null, corrected_field: null, reason: null });
  });
});
