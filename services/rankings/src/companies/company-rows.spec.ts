import { Prisma } from '../generated/prisma/client';
import { companyRow, scoreRow } from './spec-support';
import {
  orderedIndustries,
  toCompany,
  toCompanyScores,
  toHeadquarters,
  toRankable,
} from './company-rows';

describe('company rows → API and engine shapes', () => {
  it('maps a company row to the docs/product/spec.md#s3 fields, _id being upright_cid', () => {
    const company = toCompany(
      companyRow('C1', {
        companyName: 'Brightwater Provisions',
        slug: 'brightwater-provisions',
        brands: ['Brightwater'],
        industry: 'grocers',
        industries: [{ industry: 'widgets' }, { industry: 'grocers' }, { industry: 'bakeries' }],
        structure: 'Private',
        selfReporting: true,
        updated: new Date('2025-12-31T00:00:00Z'),
      }),
    );
    expect(company).toEqual({
      _id: 'C1',
      upright_cid: 'C1',
      company_name: 'Brightwater Provisions',
      slug: 'brightwater-provisions',
      brands: ['Brightwater'],
      subsidiaries: [],
      industry: 'grocers',
      industries: ['grocers', 'bakeries', 'widgets'],
      sectors: [],
      structure: 'Private',
      alt_reporting: false,
      self_reporting: true,
      updated: '2025-12-31',
    });
    expect(toCompany(companyRow('C2', { updated: null })).updated).toBeNull();
  });

  it('puts the primary industry first, then the others alphabetically', () => {
    expect(orderedIndustries('b', ['c', 'b', 'a'])).toEqual(['b', 'a', 'c']);
    expect(orderedIndustries('x', ['c', 'a'])).toEqual(['a', 'c']);
  });

  it('turns Decimal scores into numbers and keeps missing ones null', () => {
    const scores = toCompanyScores(
      scoreRow([2025, 4], { climateScore: null, usTaxScore: 12.3456, execCompScore: 0 }),
    );
    expect(scores).toMatchObject({
      period_year: 2025,
      period_qrt: 4,
      climate_score: null,
      us_tax_score: 12.3456,
      exec_comp_score: 0,
      net_neutrality_score: 10,
    });
    expect(typeof scores.us_tax_score).toBe('number');
  });

  it('gives the engine each score under its issue key, with the disclosure fields', () => {
    const company = toCompany(companyRow('C1', { structure: null, altReporting: true }));
    const rankable = toRankable(
      company,
      toCompanyScores(scoreRow([2025, 4], { climateScore: null, diversePayGapScore: 3.5 })),
    );
    expect(rankable).toEqual({
      upright_cid: 'C1',
      company_name: 'Company C1',
      structure: null,
      alt_reporting: true,
      self_reporting: false,
      scores: {
        climate: null,
        exec_pay: 10,
        lobbying: 10,
        tax: 10,
        price_inflation: 10,
        repurchases: 10,
        diverse_rep: 10,
        pay_gap: 3.5,
        net_neutrality: 10,
      },
    });
  });

  it('maps headquarters, null when none is known', () => {
    expect(
      toHeadquarters({
        hqCity: 'Boise',
        hqState: 'ID',
        hqLatitude: new Prisma.Decimal('43.615000'),
        hqLongitude: new Prisma.Decimal('-116.201500'),
      }),
    ).toEqual({ city: 'Boise', state: 'ID', latitude: 43.615, longitude: -116.2015 });
    expect(
      toHeadquarters({ hqCity: null, hqState: null, hqLatitude: null, hqLongitude: null }),
    ).toBeNull();
  });
});
