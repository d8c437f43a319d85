import { parseMessage } from '@upright/platform';
import { remoteErrorThrownBy } from '@upright/platform/testing';
import {
  companyHistoryRequestSchema,
  comparisonRequestSchema,
  industryHistoryRequestSchema,
} from './history.schemas';

describe('history message payloads', () => {
  it('accepts the requests the BFF sends', () => {
    expect(parseMessage(industryHistoryRequestSchema, { industry: 'airlines' })).toEqual({
      industry: 'airlines',
    });
    expect(
      parseMessage(companyHistoryRequestSchema, { industry: 'airlines', company: 'north-star' }),
    ).toEqual({ industry: 'airlines', company: 'north-star' });
    expect(
      parseMessage(comparisonRequestSchema, { industry: 'airlines', companies: ['a', 'b', 'c'] }),
    ).toEqual({ industry: 'airlines', companies: ['a', 'b', 'c'] });
  });

  it.each([
    [['a'], /at least 2/],
    [['a', 'b', 'c', 'd', 'e'], /at most 4/],
    [['a', 'a'], /twice/],
  ])('refuses a comparison of %j naming the field', (companies, message) => {
    const error = remoteErrorThrownBy(() =>
      parseMessage(comparisonRequestSchema, { industry: 'airlines', companies }),
    );
    expect(error).toMatchObject({
      code: 'validation_failed',
      field: 'companies',
      message: expect.stringMatching(message),
    });
  });

  it('refuses a malformed industry', () => {
    expect(
      remoteErrorThrownBy(() => parseMessage(industryHistoryRequestSchema, { industry: '../x' })),
    ).toMatchObject({ code: 'validation_failed', field: 'industry' });
  });
});
