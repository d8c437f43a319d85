import { parseMessage } from '@upright/platform';
import { remoteErrorThrownBy } from '@upright/platform/testing';
import {
  companyDetailRequestSchema,
  industryCompaniesRequestSchema,
  topCompaniesRequestSchema,
} from './companies.schemas';

describe('companies message payloads', () => {
  it('accepts the requests the BFF sends', () => {
    expect(
      parseMessage(industryCompaniesRequestSchema, {
        industry: 'airlines',
        period: null,
      }),
    ).toEqual({ industry: 'airlines', period: null });
    expect(
      parseMessage(companyDetailRequestSchema, {
        industry: 'airlines',
        company: 'north-star-air.',
      }),
    ).toEqual({ industry: 'airlines', company: 'north-star-air.' });
    expect(
      parseMessage(topCompaniesRequestSchema, {
        industry: 'airlines',
        primaryOnly: true,
        value: 'overall',
        major: false,
        count: 100,
        period: { period_year: 2026, period_qrt: 4 },
      }).count,
    ).toBe(100);
  });

  it('names the bad field', () => {
    expect(
      remoteErrorThrownBy(() =>
        parseMessage(industryCompaniesRequestSchema, {
          industry: '../etc',
          period: null,
        }),
      ),
    ).toMatchObject({ code: 'validation_failed', field: 'industry' });
    expect(
      remoteErrorThrownBy(() =>
        parseMessage(industryCompaniesRequestSchema, {
          industry: 'airlines',
          period: { period_year: 2026, period_qrt: 5 },
        }),
      ),
    ).toMatchObject({ field: 'period.period_qrt' });
  });

  it('refuses unknown values and counts outside 1–100 in top lists', () => {
    const top = (given: Record<string, unknown>) => () =>
      parseMessage(topCompaniesRequestSchema, {
        industry: 'airlines',
        primaryOnly: false,
        value: 'climate',
        major: false,
        count: 10,
        period: { period_year: 2026, period_qrt: 1 },
        ...given,
      });
    expect(remoteErrorThrownBy(top({ value: 'happiness' }))).toMatchObject({ field: 'value' });
    expect(remoteErrorThrownBy(top({ count: 0 }))).toMatchObject({
      field: 'count',
      message: 'count must be a whole number from 1 to 100',
    });
    expect(remoteErrorThrownBy(top({ count: 101 }))).toMatchObject({ field: 'count' });
  });
});
