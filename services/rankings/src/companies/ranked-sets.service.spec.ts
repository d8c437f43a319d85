import { ISSUE_KEYS, type Period } from '@upright/contracts';
import type { OpenedIndustry } from '../industries/industries.service';
import { VersionedCache } from '../rankings-cache/versioned-cache';
import type { CompaniesRepository, MemberRow } from './companies.repository';
import { RankedSets, rankedSetOf } from './ranked-sets.service';
import { memberRow } from './spec-support';

const LATEST: Period = { period_year: 2026, period_qrt: 1 };
const OLDER: Period = { period_year: 2025, period_qrt: 4 };

function fakeRepository(members: Record<string, MemberRow[]>, latest: Period | null) {
  return {
    latestPeriod: jest.fn(async () => latest),
    periods: jest.fn(async () =>
      Object.keys(members)
        .map((key) => key.split('-').map(Number))
        .map(([period_year, period_qrt]) => ({ period_year, period_qrt }))
        .sort((a, b) => a.period_year - b.period_year || a.period_qrt - b.period_qrt),
    ),
    membersAt: jest.fn(
      async (_industry: string, _scope: string, period: Period) =>
        members[`${period.period_year}-${period.period_qrt}`] ?? [],
    ),
  };
}

/** The industry `widgets` as a request opens it, listing `industryValues`. */
function viewOf(
  cache: VersionedCache,
  version = '1',
  industryValues: string[] = [],
): OpenedIndustry {
  const scope = { industry: 'widgets', version };
  return {
    industry: {
      industry: 'widgets',
      industry_text: 'Widgets',
      industry_alts: [],
      definition: 'Makers of widgets',
      industry_values: industryValues,
      limit: 5,
    },
    view: {
      industry: 'widgets',
      version: 'versioned',
      ledgerVersion: null,
      getOrLoad: (what, load, keep) => cache.getOrLoad(scope, what, load, keep),
      getOrLoadCompanyRead: () => Promise.reject(new Error('ranked sets read no company')),
    },
  };
}

describe('RankedSets: every period (history)', () => {
  const members = {
    '2025-3': [memberRow('A', {}, {}, [2025, 3])],
    '2026-1': [memberRow('A', {}), memberRow('B', {})],
    '2025-4': [memberRow('B', {}, {}, [2025, 4])],
  };

  it('gives the set of every period with scores, oldest first, the periods loaded once', async () => {
    const repository = fakeRepository(members, LATEST);
    const sets = new RankedSets(repository as unknown as CompaniesRepository);
    const view = viewOf(new VersionedCache(10, 60_000));
    const every = await sets.every(view, 'listed');
    expect(every.map((set) => set.period)).toEqual([
      { period_year: 2025, period_qrt: 3 },
      OLDER,
      LATEST,
    ]);
    await sets.every(view, 'listed');
    expect(repository.periods).toHaveBeenCalledTimes(1);
    expect(repository.membersAt).toHaveBeenCalledTimes(3);
  });

  it('finds the last earlier period with scores, across a year, or none', async () => {
    const repository = fakeRepository(members, LATEST);
    const sets = new RankedSets(repository as unknown as CompaniesRepository);
    const view = viewOf(new VersionedCache(10, 60_000));
    expect((await sets.before(view, 'listed', LATEST))!.period).toEqual(OLDER);
    expect((await sets.before(view, 'listed', OLDER))!.period).toEqual({
      period_year: 2025,
      period_qrt: 3,
    });
    expect(await sets.before(view, 'listed', { period_year: 2025, period_qrt: 3 })).toBeNull();
  });
});

describe('RankedSets: choosing the period', () => {
  const members = {
    '2026-1': [memberRow('A', {}), memberRow('B', {})],
    '2025-4': [memberRow('A', {}, {}, [2025, 4])],
  };

  it('ranks the latest period with scores when none is asked for', async () => {
    const repository = fakeRepository(members, LATEST);
    const sets = new RankedSets(repository as unknown as CompaniesRepository);
    const set = await sets.latest(viewOf(new VersionedCache(10, 60_000)), 'listed');
    expect(set!.period).toEqual(LATEST);
    expect(set!.members.map((member) => member.company.upright_cid)).toEqual(['A', 'B']);
    expect(repository.latestPeriod).toHaveBeenCalledWith('widgets', 'listed');
  });

  it('ranks the asked-for period', async () => {
    const repository = fakeRepository(members, LATEST);
    const sets = new RankedSets(repository as unknown as CompaniesRepository);
    const set = await sets.at(viewOf(new VersionedCache(10, 60_000)), 'primary', OLDER);
    expect(set.period).toEqual(OLDER);
    expect(set.members).toHaveLength(1);
    expect(repository.membersAt).toHaveBeenCalledWith('widgets', 'primary', OLDER);
    expect(repository.latestPeriod).not.toHaveBeenCalled();
  });

  it('has no set when the industry has no scores at all', async () => {
    const sets = new RankedSets(fakeRepository({}, null) as unknown as CompaniesRepository);
    expect(await sets.latest(viewOf(new VersionedCache(10, 60_000)), 'listed')).toBeNull();
  });

  it('caches sets per data version, but not empty ones', async () => {
    const repository = fakeRepository(members, LATEST);
    const sets = new RankedSets(repository as unknown as CompaniesRepository);
    const cache = new VersionedCache(10, 60_000);
    const first = await sets.latest(viewOf(cache), 'listed');
    expect(await sets.latest(viewOf(cache), 'listed')).toBe(first);
    expect(repository.membersAt).toHaveBeenCalledTimes(1);

    await sets.latest(viewOf(cache, '2'), 'listed');
    expect(repository.membersAt).toHaveBeenCalledTimes(2);

    const empty: Period = { period_year: 2001, period_qrt: 1 };
    await sets.at(viewOf(cache), 'listed', empty);
    await sets.at(viewOf(cache), 'listed', empty);
    expect(repository.membersAt).toHaveBeenCalledTimes(4);
  });

  it('refuses rows that do not carry exactly the period’s scores', () => {
    const row = { ...memberRow('A', {}), scores: [] };
    expect(() => rankedSetOf(LATEST, [row], ISSUE_KEYS)).toThrow(/one score row/);
  });

  it('sums only the issues the industry lists (rules §5 rule 5)', async () => {
    // A leads on net neutrality alone, B on climate alone.
    const repository = fakeRepository(
      {
        '2026-1': [
          memberRow('A', { climateScore: 2, netNeutralityScore: 1 }),
          memberRow('B', { climateScore: 1, netNeutralityScore: 2 }),
        ],
      },
      LATEST,
    );
    const sets = new RankedSets(repository as unknown as CompaniesRepository);
    const listed = ISSUE_KEYS.filter((key) => key !== 'net_neutrality');
    const opened = viewOf(new VersionedCache(10, 60_000), '1', listed);
    const set = await sets.latest(opened, 'listed');
    expect(set!.issueRanking.applicable).toEqual(listed);
    expect(set!.issueRanking.companies.map((c) => [c.upright_cid, c.raw_rank])).toEqual([
      ['A', 2 + 7],
      ['B', 1 + 7],
    ]);
  });
});
