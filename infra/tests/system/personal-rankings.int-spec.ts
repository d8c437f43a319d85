import {
  Events,
  ISSUES,
  ISSUE_KEYS,
  type Averages,
  type IndustryCompaniesResponse,
  type IssueKey,
  type IssueWeights,
  type RankedCompany,
} from '@upright/contracts';
import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra } from '@upright/platform/testing';
import { randomUUID } from 'node:crypto';
import { accountsService } from '@upright/accounts';
import { AveragesCache, weightsFromAverages } from '@upright/rankings/testing';
import { rankingsService } from '@upright/rankings';
import {
  Browser,
  emittedEvents,
  signUp,
  startAccountsStack,
  type AccountsStack,
  type SignedUp,
} from './support/accounts-stack';
import { expandLists, type ExpandedLists } from './support/industry-lists';
import { toolsIndustry, type Scores } from './support/tools-industry';

jest.setTimeout(60_000);

type Ranking = ExpandedLists;

/**
 * Personal rankings (docs/product/rules.md#s5 rule 7) end to end: HTTP → BFF (session, member
 * values from accounts) → rankings, with real Redis and Postgres, and the averages accounts
 * computes from members' priorities weighing visitors' `aranked` (rule 6). Expected orders are
 * derived from the per-issue ranks of the same response, so the test checks the member wiring, not
 * the engine.
 */
describe('personal rankings through the BFF', () => {
  const infra = testInfra();
  const tag = randomUUID().slice(0, 6);
  /**
   * Climate and lobbying order the companies differently from each other and from their names;
   * Alder and Cedar tie on climate, tax has ties. The other issues tie everywhere (rank 1).
   */
  const seeds: Array<{ name: string; scores: Scores }> = [
    { name: `Alder Tools ${tag}`, scores: { climate: 40, lobbying: 10, tax: 3 } },
    { name: `Birch Tools ${tag}`, scores: { climate: 10, lobbying: 50, tax: 2 } },
    { name: `Cedar Tools ${tag}`, scores: { climate: 40, lobbying: 20, tax: 1 } },
    { name: `Dogwood Tools ${tag}`, scores: { climate: 20, lobbying: 40, tax: 2 } },
    { name: `Elm Tools ${tag}`, scores: { climate: 30, lobbying: 30, tax: 1 } },
  ];
  const tools = toolsIndustry(tag, seeds);
  const { industry } = tools;

  let stack: AccountsStack;
  let rankings: StartedApp;
  let accountsEnv: Record<string, string>;
  /** Accounts started again after the outage test; the stack closes only its first one. */
  let restartedAccounts: StartedApp | undefined;

  /** Client priority values putting all weight on one issue. */
  function allOn(issue: IssueKey): Record<string, number> {
    return Object.fromEntries(
      ISSUES.map((entry) => [entry.clientPriority, entry.key === issue ? 10 : 0]),
    );
  }

  async function rankingOf(browser: Browser, bearer?: string): Promise<Ranking> {
    const answer = await browser.call<IndustryCompaniesResponse>(
      'GET',
      `/api/companies/us/${industry}`,
      undefined,
      { bearer },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.result.none).toBe(false);
    return expandLists(answer.body.result);
  }

  const visitor = () => rankingOf(new Browser(stack.bff.url));

  async function savePriorities(member: SignedUp, values: Record<string, number>): Promise<void> {
    const answer = await member.browser.call<{ success: boolean; weighted: boolean }>(
      'PUT',
      '/api/priorities',
      values,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
  }

  const names = (list: readonly RankedCompany[]) => list.map((company) => company.company_name);
  const byRankThenName = (rank: (company: RankedCompany) => number) => {
    return (a: RankedCompany, b: RankedCompany) =>
      rank(a) - rank(b) || a.company_name.localeCompare(b.company_name, 'en');
  };
  /** Standard competition rank of each value among all (1, 2, 2, 4). */
  const competitionRank = (value: number, all: readonly number[]) =>
    1 + all.filter((other) => other < value).length;

  /** `pranked` of a member whose values are all on `issue`: that issue's ranks decide. */
  function expectRankedOn(ranking: Ranking, issue: IssueKey): void {
    const rankOf = (company: RankedCompany) => company[`${issue}_rank`];
    expect(ranking.pranked).not.toBeNull();
    const pranked = ranking.pranked!;
    expect([...names(pranked)].sort()).toEqual([...names(ranking.ranked)].sort());
    expect(names(pranked)).toEqual(names([...ranking.ranked].sort(byRankThenName(rankOf))));
    for (const company of pranked) {
      expect(company.raw_prank).toBe(10 * rankOf(company));
      expect(company.prank).toBe(rankOf(company));
      expect(company.ptied).toBe(pranked.some((o) => o !== company && o.prank === company.prank));
    }
  }

  /** `aranked` weighted by `weights` (rule 6), in exact hundredths as rule 8 demands. */
  function expectArankedBy(ranking: Ranking, weights: IssueWeights): void {
    const hundredths = (company: RankedCompany) =>
      ISSUE_KEYS.reduce(
        (sum, key) => sum + company[`${key}_rank`] * Math.round(weights[key] * 100),
        0,
      );
    const raws = ranking.aranked.map(hundredths);
    for (const company of ranking.aranked) {
      expect(company.raw_arank).toBe(hundredths(company) / 100);
      expect(company.arank).toBe(competitionRank(hundredths(company), raws));
    }
    expect(names(ranking.aranked)).toEqual(
      names([...ranking.aranked].sort(byRankThenName((company) => company.arank))),
    );
  }

  function expectVisitorRanking(ranking: Ranking): void {
    expect(ranking.pranked).toBeNull();
    for (const company of ranking.ranked) {
      expect(company).toMatchObject({ raw_prank: null, prank: null, ptied: null });
    }
  }

  /** Retries `check` until it passes or `ms` run out (then its last failure is thrown). */
  async function eventually<T>(check: () => Promise<T>, ms = 15_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      try {
        return await check();
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  const averagesWeights = () => rankings.app.get(AveragesCache).weights;
  /** The averages the first visitor's page was weighed with. */
  let weightsAtStart: IssueWeights | undefined;

  beforeAll(async () => {
    // Verified sessions outlive every test here: what changes a member's ranking must be the
    // member-change announcement, never a lifetime running out.
    stack = await startAccountsStack('personal-rankings', { bffEnv: { SESSION_CACHE_S: '60' } });
    accountsEnv = {
      REDIS_URL: infra.redisUrl,
      TRANSPORT_PREFIX: stack.prefix,
      REQUEST_DEADLINE_MS: '5000',
      DATABASE_URL: infra.databaseUrl('accounts'),
      QUEUE_PREFIX: stack.queuePrefix,
      UNSUBSCRIBE_SECRET: 'u'.repeat(40),
      AVERAGES_MIN_MEMBERS: '1',
    };
    await tools.seed(stack.db);
    rankings = await startTestApp(rankingsService, {
      REDIS_URL: infra.redisUrl,
      TRANSPORT_PREFIX: stack.prefix,
      REQUEST_DEADLINE_MS: '5000',
      DATABASE_URL: infra.databaseUrl('rankings'),
    });
  });

  afterAll(async () => {
    await rankings?.app.close();
    await restartedAccounts?.app.close();
    if (stack) {
      await tools.remove(stack.db);
      await stack.close();
    }
  });

  it('gives a visitor no pranked and aranked weighted by the averages rankings holds', async () => {
    // Read beside the answer: the periodic refresh may replace them in between (then retry).
    await eventually(async () => {
      const weights = averagesWeights();
      weightsAtStart = weights;
      const ranking = await visitor();
      expectVisitorRanking(ranking);
      expectArankedBy(ranking, weights);
    });
  });

  it('gives a signed-in member who never saved priorities no pranked (rule 7)', async () => {
    const member = await signUp(stack, 'unsaved');
    expectVisitorRanking(await rankingOf(member.browser));
  });

  describe('members with saved priorities', () => {
    let climate: SignedUp;
    let lobbying: SignedUp;

    beforeAll(async () => {
      climate = await signUp(stack, 'climate');
      lobbying = await signUp(stack, 'lobbying');
    });

    it('ranks pranked by the one issue a member weighs, with the cookie or the bearer token', async () => {
      const eventsBefore = (await emittedEvents(stack, Events.accounts.averagesChanged)).length;
      await savePriorities(climate, allOn('climate'));
      const byCookie = await rankingOf(climate.browser);
      expectRankedOn(byCookie, 'climate');
      // Birch has the best climate score; Alder and Cedar tie, so ordered by name.
      expect(names(byCookie.pranked!)).toEqual([1, 3, 4, 0, 2].map((index) => seeds[index].name));

      const byBearer = await rankingOf(new Browser(stack.bff.url), climate.token);
      expect(byBearer.pranked).toEqual(byCookie.pranked);

      // The save changed the averages (a weighted member joined): accounts announced them.
      await eventually(async () => {
        const events = await emittedEvents(stack, Events.accounts.averagesChanged);
        expect(events.length).toBeGreaterThan(eventsBefore);
      });
    });

    it("does not let one member's priorities touch another's ranking", async () => {
      await savePriorities(lobbying, allOn('lobbying'));
      expectRankedOn(await rankingOf(lobbying.browser), 'lobbying');
      expectRankedOn(await rankingOf(climate.browser), 'climate');
      expect(names((await rankingOf(lobbying.browser)).pranked!)).not.toEqual(
        names((await rankingOf(climate.browser)).pranked!),
      );
    });

    it('re-ranks when the member changes priorities', async () => {
      const before = await rankingOf(climate.browser);
      await savePriorities(climate, allOn('tax'));
      const after = await rankingOf(climate.browser);
      expectRankedOn(after, 'tax');
      expect(names(after.pranked!)).not.toEqual(names(before.pranked!));
      expectRankedOn(await rankingOf(lobbying.browser), 'lobbying');
    });

    it("weighs visitors' aranked by the averages accounts announced after the saves", async () => {
      const events = await emittedEvents(stack, Events.accounts.averagesChanged);
      const announced = weightsFromAverages(events.at(-1) as Averages);
      expect(announced).not.toBeNull();
      // The members' weighted saves moved the averages, so this page is not the first one's.
      expect(announced).not.toEqual(weightsAtStart);
      // The event reaches rankings asynchronously; the visitor's page follows it.
      const ranking = await eventually(async () => {
        const answer = await visitor();
        expectArankedBy(answer, announced!);
        return answer;
      });
      expectVisitorRanking(ranking);
      expect(averagesWeights()).toEqual(announced);
    });
  });

  it('gives a member whose discontinuation is pending no pranked, by cookie or bearer', async () => {
    const member = await signUp(stack, 'leaving');
    await savePriorities(member, allOn('climate'));
    expectRankedOn(await rankingOf(member.browser), 'climate');
    const discontinued = await member.browser.call('PUT', '/api/discontinue', {
      password: member.password,
    });
    expect(discontinued.status).toBe(200);
    // Signing in during the grace period works (for the overlay) but ranks as for a visitor.
    const browser = await new Browser(stack.bff.url).open();
    const signin = await browser.call<{ token: string; user: { discontinue: boolean } }>(
      'POST',
      '/api/signin',
      { email: member.email, password: member.password },
    );
    expect(signin.status).toBe(200);
    expect(signin.body.user.discontinue).toBe(true);
    const ranking = await rankingOf(browser);
    expectVisitorRanking(ranking);
    expect(ranking.aranked.length).toBe(seeds.length);
    expectVisitorRanking(await rankingOf(new Browser(stack.bff.url), signin.body.token));
  });

  it('ranks a member as a visitor while accounts is down, and personally once it is back', async () => {
    const member = await signUp(stack, 'outage');
    await savePriorities(member, allOn('lobbying'));
    // A second session of the member that no ranking page has used: no replica verified it.
    const second = await new Browser(stack.bff.url).open();
    const signin = await second.call<{ token: string }>('POST', '/api/signin', {
      email: member.email,
      password: member.password,
    });
    expect(signin.status).toBe(200);
    expectRankedOn(await rankingOf(member.browser), 'lobbying');

    await stack.accounts.app.close();
    // docs/product/rules.md#s11: the session this replica verified moments ago needs no accounts
    // round trip.
    expectRankedOn(await rankingOf(member.browser), 'lobbying');
    // docs/product/rules.md#s3: the page still answers (not a 5xx) with the lists every visitor
    // gets.
    const down = await rankingOf(second);
    expectVisitorRanking(down);
    expectArankedBy(down, averagesWeights());
    expectVisitorRanking(await rankingOf(new Browser(stack.bff.url), signin.body.token));

    restartedAccounts = await startTestApp(accountsService, accountsEnv);
    await eventually(async () => expectRankedOn(await rankingOf(member.browser), 'lobbying'));
  });
});
