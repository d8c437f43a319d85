import { describe, expect, it } from 'vitest';
import {
  describeRank,
  DISCLOSURE_DEPENDENT_WORDS,
  formatDate,
  formatMetric,
  formatRank,
  issueLabel,
  joinWithDots,
  ordinal,
  resultStatsText,
} from './format';

describe('format', () => {
  it('formats calendar days without a time-zone shift', () => {
    expect(formatDate('2022-02-07')).toBe('February 7, 2022');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('marks tied ranks with T', () => {
    expect(formatRank(2, true)).toBe('T2');
    expect(formatRank(4, false)).toBe('4');
    expect(formatRank(null, false)).toBe('—');
    expect(describeRank(2, true, 9)).toBe('tied for 2nd of 9');
  });

  it('writes ordinals including the teens', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 102, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '102nd',
      '111th',
    ]);
  });

  it('formats metrics by unit', () => {
    expect(formatMetric({ unit: 'percent', value: 12.345 })).toBe('12.35%');
    expect(formatMetric({ unit: 'usd', value: 2_500_000 })).toBe('$2.5M');
    expect(formatMetric({ unit: 'ratio', value: 310 })).toBe('310:1');
    expect(formatMetric({ unit: 'text', value: '2040' })).toBe('2040');
  });

  it('uses the spec texts for search', () => {
    expect(resultStatsText(42, 7)).toBe('Found 42 results in 7 milliseconds');
    expect(joinWithDots(['A', 'B'])).toBe('A · B');
    expect(issueLabel('overall')).toBe('Overall');
    expect(issueLabel('pay_gap')).toBe('Diversity pay gap');
  });

  it("names the rules' disclosure-dependent issues in words", () => {
    expect(DISCLOSURE_DEPENDENT_WORDS).toBe(
      'executive pay & income inequality, diversity pay gap, diverse representation, US federal taxes, stock repurchasing and price inflation',
    );
  });
});
