import {
  DEFAULT_PRIORITY_VALUES,
  issueWeightsOf,
  NOT_RANKED_PRIORITY_FIELDS,
} from '@upright/contracts';
import { clientValuesOf, isWeighted, memberWeightsOf, serverColumnsOf } from './priorities';

describe('priorities (docs/product/rules.md#s4)', () => {
  it('stores client fields under their server names, the spec’s odd spellings included', () => {
    expect(
      serverColumnsOf({
        diverse_pay: 1,
        net_neutrality: 2,
        income_inequality: 3,
        sustainable_sourcing: 4,
        local: 0,
        climate: undefined,
      }),
    ).toEqual({
      value_diverse_pay_equity: 1,
      value_net_neutrality: 2,
      value_income_inequality: 3,
      value_sustainable_sourcing_development: 4,
      value_local: 0,
    });
  });

  it('round-trips every client field', () => {
    const values = { ...DEFAULT_PRIORITY_VALUES, climate: 9, transparency: 1 };
    expect(clientValuesOf(serverColumnsOf(values))).toEqual(values);
  });

  it('is weighted only when a ranked value differs from 5', () => {
    expect(isWeighted(DEFAULT_PRIORITY_VALUES)).toBe(false);
    const notRankedOnly = Object.fromEntries(NOT_RANKED_PRIORITY_FIELDS.map((f) => [f, 0]));
    expect(isWeighted({ ...DEFAULT_PRIORITY_VALUES, ...notRankedOnly })).toBe(false);
    expect(isWeighted({ ...DEFAULT_PRIORITY_VALUES, lobbying: 6 })).toBe(true);
    expect(isWeighted({ ...DEFAULT_PRIORITY_VALUES, tax: 0 })).toBe(true);
  });

  it('gives issue weights keyed by issue', () => {
    const weights = issueWeightsOf({
      ...DEFAULT_PRIORITY_VALUES,
      income_inequality: 8,
      wealth_concentration: 2,
      consumer_terms_conditions: 0,
    });
    expect(weights).toEqual({
      climate: 5,
      exec_pay: 8,
      lobbying: 5,
      tax: 5,
      price_inflation: 0,
      repurchases: 2,
      diverse_rep: 5,
      pay_gap: 5,
      net_neutrality: 5,
    });
  });
});

describe("a member's ranking weights (docs/product/rules.md#s5 rule 7)", () => {
  const saved = serverColumnsOf({ ...DEFAULT_PRIORITY_VALUES, climate: 10, lobbying: 0 });
  const member = { prefsUpdated: new Date('2026-11-01'), discontinue: false, priorities: saved };

  it('are the saved values once priorities were saved', () => {
    const weights = memberWeightsOf(member);
    expect(weights).toEqual(issueWeightsOf(clientValuesOf(saved)));
    expect(weights?.climate).toBe(10);
    expect(weights?.lobbying).toBe(0);
  });

  it('are null before the first save, without stored values, or while discontinuing', () => {
    expect(memberWeightsOf({ ...member, prefsUpdated: null })).toBeNull();
    expect(memberWeightsOf({ ...member, priorities: null })).toBeNull();
    expect(memberWeightsOf({ ...member, discontinue: true })).toBeNull();
  });
});
