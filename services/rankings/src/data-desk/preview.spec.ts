import type { CompanyScores, Period } from '@upright/contracts';
import { rankedSetOf } from '../companies/ranked-sets.service';
import { memberRow } from '../companies/spec-support';
import {
  draftScores,
  emptySide,
  industryPreview,
  scoresWithoutFigures,
  sideOf,
  summaryOf,
  type IndustrySide,
  type SideMember,
} from './preview';

const Q1: Period = { period_year: 2026, period_qrt: 1 };
const Q2: Period = { period_year: 2026, period_qrt: 2 };

function scores(period: Period, given: Partial<CompanyScores> = {}): CompanyScores {
  return {
    ...period,
    climate_score: 10,
    exec_comp_score: 10,
    us_lobbying_score: 10,
    us_tax_score: 10,
    price_inflation_score: 10,
    repurchased_score: 10,
    diverse_rep_score: 10,
    diverse_pay_gap_score: 10,
    net_neutrality_score: null,
    ...given,
  };
}

/** A side from [cid, name, rank, scores] rows; every issue applies unless told. */
function side(
  period: Period | null,
  rows: Array<[string, string, number, Partial<CompanyScores>?]>,
  applicable = ['climate', 'tax'] as IndustrySide['applicable'],
): IndustrySide {
  const members = new Map<string, SideMember>(
    rows.map(([cid, name, rank, given]) => [
      cid,
      { company_name: name, normalized_rank: rank, scores: scores(period ?? Q1, given) },
    ]),
  );
  return { industry_text: 'Widgets', applicable, period, members };
}

const none = { alertsFollowers: false, withoutFigures: new Map() };

describe('the draft preview of an industry (decision 0077 §4)', () => {
  it('names who enters and leaves the ranked set, by name', () => {
    const before = side(Q1, [
      ['A', 'Alpha', 1],
      ['GONE', 'Gone Co', 2],
    ]);
    const after = side(Q1, [
      ['A', 'Alpha', 1],
      ['Z', 'Zeta', 2],
      ['N', 'beta', 3],
    ]);
    const preview = industryPreview('widgets', before, after, none);
    expect(preview.added).toEqual([
      { upright_cid: 'N', company_name: 'beta' },
      { upright_cid: 'Z', company_name: 'Zeta' },
    ]);
    expect(preview.removed).toEqual([{ upright_cid: 'GONE', company_name: 'Gone Co' }]);
    expect(preview.moves).toEqual([]);
    expect([preview.members_before, preview.members_after]).toEqual([2, 3]);
  });

  it('lists rank moves largest first, then by name, each with the scores that changed', () => {
    const before = side(Q1, [
      ['A', 'Alpha', 1, { climate_score: 5 }],
      ['B', 'Bravo', 2],
      ['C', 'Charlie', 3],
      ['D', 'Aardvark', 4, { us_tax_score: 30 }],
    ]);
    const after = side(Q1, [
      ['A', 'Alpha', 4, { climate_score: 50 }],
      ['B', 'Bravo', 1],
      ['C', 'Charlie', 2],
      ['D', 'Aardvark', 3, { us_tax_score: 20, exec_comp_score: 99 }],
    ]);
    const { moves } = industryPreview('widgets', before, after, none);
    expect(moves.map((move) => [move.upright_cid, move.before, move.after])).toEqual([
      ['A', 1, 4],
      ['D', 4, 3],
      ['B', 2, 1],
      ['C', 3, 2],
    ]);
    expect(moves[0]!.scores).toEqual([
      { issue: 'climate', field: 'climate_score', before: 5, after: 50 },
    ]);
    // exec pay does not apply to this industry: it moved nobody and is not listed.
    expect(moves[1]!.scores).toEqual([
      { issue: 'tax', field: 'us_tax_score', before: 30, after: 20 },
    ]);
  });

  it('compares each side at its own latest period and counts coverage per applicable issue', () => {
    const before = side(Q1, [
      ['A', 'Alpha', 1, { climate_score: null }],
      ['B', 'Bravo', 2],
    ]);
    const after = side(Q2, [
      ['A', 'Alpha', 1],
      ['B', 'Bravo', 2, { us_tax_score: null }],
      ['C', 'Charlie', 3, { us_tax_score: null }],
    ]);
    const preview = industryPreview('widgets', before, after, { ...none, alertsFollowers: true });
    expect([preview.period_before, preview.period_after]).toEqual([Q1, Q2]);
    expect(preview.coverage).toEqual([
      { issue: 'climate', before: 1, after: 3 },
      { issue: 'tax', before: 2, after: 1 },
    ]);
    expect(summaryOf(preview)).toEqual({
      industry: 'widgets',
      industry_text: 'Widgets',
      added: 1,
      removed: 0,
      moved: 0,
      alerts_followers: true,
    });
  });

  it('previews a new industry against nobody', () => {
    const after = side(Q2, [['A', 'Alpha', 1]]);
    const preview = industryPreview('widgets', emptySide('Widgets'), after, none);
    expect(preview.period_before).toBeNull();
    expect(preview.members_before).toBe(0);
    expect(preview.added).toEqual([{ upright_cid: 'A', company_name: 'Alpha' }]);
    expect(preview.coverage).toEqual([
      { issue: 'climate', before: 0, after: 1 },
      { issue: 'tax', before: 0, after: 1 },
    ]);
  });

  it('reads a side from the ranked set the site ranks, with its overall ranks', () => {
    const set = rankedSetOf(
      Q1,
      [
        memberRow('A', { climateScore: 30 }, { companyName: 'Alpha' }),
        memberRow('B', { climateScore: 10 }, { companyName: 'Bravo' }),
        memberRow('C', { climateScore: 20 }, { companyName: 'Charlie' }),
      ],
      ['climate'],
    );
    const read = sideOf('Widgets', ['climate'], set);
    expect(read.period).toEqual(Q1);
    // Lower is better: B ranks first.
    expect([...read.members].map(([cid, member]) => [cid, member.normalized_rank])).toEqual([
      ['A', 3],
      ['B', 1],
      ['C', 2],
    ]);
    expect(read.members.get('A')!.scores.climate_score).toBe(30);
    expect(sideOf('Widgets', ['climate'], null).members.size).toBe(0);
  });
});

describe("the draft's scores without a published figure (rules §16)", () => {
  it('are the new or changed scores of applicable issues that have figures at all', () => {
    const before = side(Q1, [
      ['SAME', 'Same', 1],
      ['MOVED', 'Moved', 2],
    ]);
    const after = side(
      Q1,
      [
        ['SAME', 'Same', 1],
        ['MOVED', 'Moved', 2, { climate_score: 11 }],
        ['NEW', 'New', 3, { us_tax_score: null, net_neutrality_score: 4 }],
      ],
      ['climate', 'tax', 'net_neutrality'],
    );
    const draft = draftScores(before, after);
    expect(Object.fromEntries(draft)).toEqual({ MOVED: ['climate'], NEW: ['climate'] });
  });

  it('counts every score of a new quarter as a draft score', () => {
    const before = side(Q1, [['A', 'Alpha', 1]]);
    const after = side(Q2, [['A', 'Alpha', 1]]);
    expect(draftScores(before, after).get('A')).toEqual(['climate', 'tax']);
  });

  it('keeps those without a row of a detail table behind the issue', () => {
    const draft = new Map([
      ['A', ['climate', 'tax'] as const],
      ['B', ['tax'] as const],
      ['C', ['climate'] as const],
    ]);
    const figures = new Map([
      ['A', new Set(['companies_us_taxes'])],
      ['B', new Set(['companies_taxes'])],
    ]);
    expect(Object.fromEntries(scoresWithoutFigures(draft, figures))).toEqual({
      A: ['climate'],
      C: ['climate'],
    });
    const after = side(Q1, [
      ['A', 'Alpha', 1],
      ['C', 'Charlie', 2],
    ]);
    const preview = industryPreview('widgets', emptySide('Widgets'), after, {
      alertsFollowers: false,
      withoutFigures: scoresWithoutFigures(draft, figures),
    });
    expect(preview.scores_without_figures).toEqual([
      { upright_cid: 'A', company_name: 'Alpha', issues: ['climate'] },
      { upright_cid: 'C', company_name: 'Charlie', issues: ['climate'] },
    ]);
  });

  it('has no draft scores when the draft has no scores at all', () => {
    expect(draftScores(side(Q1, [['A', 'Alpha', 1]]), side(null, [])).size).toBe(0);
  });
});
