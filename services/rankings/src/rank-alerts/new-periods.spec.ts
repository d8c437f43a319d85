import type { IndustryCompaniesResult, Period } from '@upright/contracts';
import { newPeriods, rankMoves } from './new-periods';

const p = (period_year: number, period_qrt: number): Period => ({ period_year, period_qrt });

type Ranked = IndustryCompaniesResult['ranked'];
/** Just the fields rankMoves reads; the rest of a ranked company does not matter here. */
const ranked = (...rows: Array<[cid: string, rank: number]>): Ranked =>
  rows.map(([cid, rank]) => ({
    upright_cid: cid,
    company_name: `Company ${cid}`,
    slug: `company-${cid.toLowerCase()}`,
    normalized_rank: rank,
  })) as unknown as Ranked;

describe('newPeriods (which industries alert)', () => {
  it('alerts an industry whose latest period is later than the one alerted', () => {
    const steps = newPeriods(
      new Map([
        ['tools', p(2026, 2)],
        ['metal', p(2026, 1)],
      ]),
      new Map([
        ['tools', p(2026, 1)],
        ['metal', p(2026, 1)],
      ]),
    );
    expect(steps.alert).toEqual([{ industry: 'tools', period: p(2026, 2) }]);
    expect(steps.record).toEqual([]);
  });

  it('compares years before quarters', () => {
    const steps = newPeriods(new Map([['a', p(2027, 1)]]), new Map([['a', p(2026, 4)]]));
    expect(steps.alert).toEqual([{ industry: 'a', period: p(2027, 1) }]);
    const back = newPeriods(new Map([['a', p(2026, 4)]]), new Map([['a', p(2027, 1)]]));
    expect(back.alert).toEqual([]);
  });

  it('records without alerting an industry never alerted (nothing earlier to compare)', () => {
    const steps = newPeriods(new Map([['new', p(2026, 2)]]), new Map());
    expect(steps).toEqual({ alert: [], record: [{ industry: 'new', period: p(2026, 2) }] });
  });

  it('does nothing for a re-import or a back-filled earlier period', () => {
    const same = newPeriods(new Map([['a', p(2026, 2)]]), new Map([['a', p(2026, 2)]]));
    expect(same).toEqual({ alert: [], record: [] });
  });
});

describe('rankMoves (who moved)', () => {
  it('lists companies ranked at both periods whose normalized rank changed', () => {
    const moves = rankMoves(
      ranked(['A', 1], ['B', 2], ['C', 3], ['D', 4]),
      ranked(['B', 1], ['A', 2], ['C', 3], ['E', 4]),
    );
    expect(moves).toEqual([
      { upright_cid: 'A', company_name: 'Company A', slug: 'company-a', from: 1, to: 2, of: 4 },
      { upright_cid: 'B', company_name: 'Company B', slug: 'company-b', from: 2, to: 1, of: 4 },
    ]);
  });

  it('does not count a newcomer or a company that left as a move', () => {
    expect(rankMoves(ranked(['A', 1], ['GONE', 2]), ranked(['A', 1], ['NEW', 2]))).toEqual([]);
  });

  it('counts a tie that appears as a move of the company whose rank changed', () => {
    const moves = rankMoves(ranked(['A', 1], ['B', 2]), ranked(['A', 1], ['B', 1]));
    expect(moves.map((move) => [move.upright_cid, move.from, move.to])).toEqual([['B', 2, 1]]);
  });
});
