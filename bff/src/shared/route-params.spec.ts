import { HttpException } from '@nestjs/common';
import { z } from 'zod';
import { translateError } from './api-error.filter';
import {
  booleanParam,
  companySlugParam,
  countParam,
  quarterParam,
  rankingValueParam,
  requireCoveredMarket,
  slugParam,
  yearParam,
} from './route-params';
import { ZodValidationPipe } from './zod-validation.pipe';

/** The HTTP answer a pipe failure becomes, as the ApiErrorFilter sends it. */
function answerTo(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpException);
    return translateError(error);
  }
  throw new Error('expected a failure');
}

const routeParams = z.object({
  industry: slugParam,
  company: companySlugParam,
  primary: booleanParam,
  value: rankingValueParam,
  count: countParam,
  year: yearParam,
  qrt: quarterParam,
});

const good = {
  industry: 'airlines',
  company: 'north-star-air-co.',
  primary: 'true',
  value: 'climate',
  count: '10',
  year: '2026',
  qrt: '1',
};

function validate(given: Record<string, string>) {
  return new ZodValidationPipe(routeParams).transform({ ...good, ...given });
}

describe('route parameters', () => {
  it('converts good parameters', () => {
    expect(validate({})).toEqual({
      industry: 'airlines',
      company: 'north-star-air-co.',
      primary: true,
      value: 'climate',
      count: 10,
      year: 2026,
      qrt: 1,
    });
    expect(validate({ value: 'overall', primary: 'false' })).toMatchObject({
      value: 'overall',
      primary: false,
    });
  });

  it.each([
    ['industry', 'Airlines', 'must be lowercase letters and digits'],
    ['industry', 'air--lines', 'must be lowercase letters and digits'],
    ['industry', 'a'.repeat(101), 'must be at most 100 characters'],
    ['company', '..', 'must be 1 to 200 characters without "/", ".." or control characters'],
    ['company', 'a/b', 'must be 1 to 200'],
    ['company', 'a\u0000b', 'must be 1 to 200'],
    ['company', 'x'.repeat(201), 'must be 1 to 200'],
    ['company', '', 'must be 1 to 200'],
    ['primary', 'yes', 'must be true or false'],
    ['value', 'happiness', 'must be one of: overall, climate, exec_pay'],
    ['count', '0', 'must be a whole number from 1 to 100'],
    ['count', '101', 'must be a whole number from 1 to 100'],
    ['count', '1e1', 'must be a whole number from 1 to 100'],
    ['count', '-5', 'must be a whole number from 1 to 100'],
    ['year', '1999', 'must be a whole number from 2000 to 2100'],
    ['year', '20x6', 'must be a whole number from 2000 to 2100'],
    ['qrt', '5', 'must be a whole number from 1 to 4'],
  ])('%s = %j → 400 naming the parameter', (field, value, rule) => {
    const answer = answerTo(() => validate({ [field]: value }));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'validation_failed', field });
    expect(answer.body.error.message).toMatch(new RegExp(`^${field} `));
    expect(answer.body.error.message).toContain(rule);
  });

  it('reports the first bad parameter in route order', () => {
    const answer = answerTo(() => validate({ count: 'x', industry: 'X' }));
    expect(answer.body.error.field).toBe('industry');
  });

  it('accepts unicode and punctuation in company slugs', () => {
    expect(validate({ company: 'café-&-co.' }).company).toBe('café-&-co.');
  });

  it('treats an uncovered but well-formed market as unknown (404)', () => {
    expect(() => requireCoveredMarket('market', 'us')).not.toThrow();
    const answer = answerTo(() => requireCoveredMarket('geography', 'uk'));
    expect(answer).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found', field: 'geography' } },
    });
  });

  it('reports a value of the wrong type (e.g. a repeated query key) with the rule', () => {
    const pipe = new ZodValidationPipe(z.object({ year: yearParam.optional() }));
    const answer = answerTo(() => pipe.transform({ year: ['2025', '2026'] }));
    expect(answer.body.error).toMatchObject({
      field: 'year',
      message: 'year must be a whole number from 2000 to 2100',
    });
  });
});
