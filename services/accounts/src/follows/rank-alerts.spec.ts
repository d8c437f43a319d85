import { rankAlertsJobSchema, type RankAlertsJobData } from '@upright/contracts';
import { movesByCompany, rankAlertsOf, type Follower } from './rank-alerts';

const period = { period_year: 2026, period_qrt: 2 };
const previous_period = { period_year: 2026, period_qrt: 1 };

const move = (cid: string, from: number, to: number, of = 5) => ({
  upright_cid: cid,
  company_name: `Company ${cid}`,
  slug: `company-${cid.toLowerCase()}`,
  from,
  to,
  of,
});

const job: RankAlertsJobData = {
  period,
  industries: [
    {
      industry: 'metal',
      industry_text: 'Metal',
      previous_period,
      moves: [move('X', 3, 1, 4), move('Z', 2, 2, 4)],
    },
    {
      industry: 'tools',
      industry_text: 'Tools',
      previous_period,
      moves: [move('X', 1, 2), move('Y', 4, 3)],
    },
  ],
};

const follower = (uid: string, cid: string): Follower => ({
  uid,
  email: `${uid}@example.com`,
  firstName: uid,
  upright_cid: cid,
});

describe('rank alerts fan-out', () => {
  it('gathers each moved company once with its moves in every industry, in job order', () => {
    const byCompany = movesByCompany(job);
    expect([...byCompany.keys()]).toEqual(['X', 'Y']);
    expect(byCompany.get('X')!.moves.map((m) => [m.industry, m.from, m.to])).toEqual([
      ['metal', 3, 1],
      ['tools', 1, 2],
    ]);
  });

  it('skips a "move" to the same rank', () => {
    expect(movesByCompany(job).has('Z')).toBe(false);
  });

  it('alerts each follower of a moved company once, nobody about unmoved or unnamed ones', () => {
    const alerts = rankAlertsOf(job, [
      follower('ann', 'X'),
      follower('ann', 'Y'),
      follower('bob', 'X'),
      follower('bob', 'Z'),
      follower('cat', 'W'),
      follower('ann', 'X'),
    ]);
    expect(alerts.map((a) => `${a.follower.uid}:${a.company.upright_cid}`)).toEqual([
      'ann:X',
      'ann:Y',
      'bob:X',
    ]);
    expect(alerts[0]!.moves).toHaveLength(2);
  });

  it("takes a job only in the contract's shape (the queue is a boundary)", () => {
    expect(rankAlertsJobSchema.parse(job)).toEqual(job);
    const broken = {
      ...job,
      industries: [{ ...job.industries[0]!, moves: [{ upright_cid: 'X' }] }],
    };
    expect(rankAlertsJobSchema.safeParse(broken).success).toBe(false);
    expect(rankAlertsJobSchema.safeParse({ period, industries: [] }).success).toBe(false);
  });
});
