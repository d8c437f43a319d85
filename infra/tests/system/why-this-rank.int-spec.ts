import {
  explainRank,
  ISSUE_KEYS,
  type CompanyDetail,
  type ErrorBody,
  type WhyThisRankResponse,
} from '@upright/contracts';
import type { StartedApp } from '@upright/platform/testing';
import { testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { rankIssues, whyThisRank } from '@upright/rankings/ranking-engine';
import { startRankingsAndBff, stopRankingsAndBff } from './support/rankings-and-bff';
import { HISTORY_PERIODS, historyIndustry } from './support/history-industry';

/** "Why this rank" through HTTP: the engine's answer for the company's latest ranking. */
describe('why this rank', () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('why');
  const tools = historyIndustry(randomUUID().slice(0, 6));
  const LATEST = HISTORY_PERIODS[HISTORY_PERIODS.length - 1];

  let admin: Client;
  let rankings: StartedApp;
  let bff: StartedApp;

  const get = (path: string) => fetch(`${bff.url}${path}`);

  beforeAll(async () => {
    admin = new Client({ connectionString: infra.adminUrl() });
    await admin.connect();
    await tools.seed(admin);
    ({ rankings, bff } = await startRankingsAndBff(prefix));
  });

  afterAll(async () => {
    await stopRankingsAndBff({ rankings, bff }, prefix, tools.industry);
    await tools.remove(admin);
    await admin.end();
  });

  it('answers what the engine works out, and agrees with the company page', async () => {
    const seed = tools.seeds.find((candidate) => candidate.periods.includes(2))!;
    const path = `us/${tools.industry}/${encodeURIComponent(tools.slugOf(seed))}`;
    const response = await get(`/api/why/${path}`);
    expect(response.status).toBe(200);
    const why = (await response.json()) as WhyThisRankResponse;
    const detail = (await (await get(`/api/primary/${path}`)).json()) as CompanyDetail;
    const ranks = detail.ranks!;
    expect(why.rank).toBe(ranks.arank);
    expect(why.raw).toBe(ranks.raw_arank);
    expect(why.period).toEqual(LATEST);
    // The engine on the seeded scores and the industry's issues, with the weights the answer's
    // own parts imply (an issue that does not apply adds nothing, rules §5 rule 5).
    expect(why.applicable_issues).toEqual(tools.applicable);
    const shown = Object.fromEntries(
      tools.applicable.map((key) => [key, why.contributions[key] / ranks[`${key}_rank`]]),
    );
    expect(shown).toEqual(
      Object.fromEntries(tools.applicable.map((key) => [key, why.weights[key]])),
    );
    const ranking = rankIssues(tools.rankable(LATEST), tools.applicable);
    const expected = whyThisRank(ranking, why.weights).find(
      (entry) => entry.upright_cid === seed.cid,
    )!;
    const {
      period: _period,
      lowestRank: _lowest,
      weights: _weights,
      basis: _basis,
      ...engine
    } = why;
    const { applicable_issues: _applicable, explanation: _explanation, ...parts } = engine;
    expect(parts).toEqual(expected);
    for (const key of ISSUE_KEYS.filter((issue) => !tools.applicable.includes(issue))) {
      expect(why.contributions[key]).toBe(0);
    }
    expect(why.best).toBeLessThanOrEqual(why.rank);
    expect(why.rank).toBeLessThanOrEqual(why.worst);
  });

  it('explains the rank with the weights in force, naming them, on the issues that apply only', async () => {
    const seed = tools.seeds.find((candidate) => candidate.periods.includes(2))!;
    const path = `us/${tools.industry}/${encodeURIComponent(tools.slugOf(seed))}`;
    const why = (await (await get(`/api/why/${path}`)).json()) as WhyThisRankResponse;
    // The test stack has no weighted members: every issue weighs 5, and the answer says so.
    expect(why.weights).toEqual(Object.fromEntries(ISSUE_KEYS.map((key) => [key, 5])));
    expect(why.basis).toBe('equal');
    // The industry lists climate only (decision 0054).
    expect(why.applicable_issues).toEqual(['climate']);
    expect(why.explanation.bars.map((bar) => bar.issue)).toEqual(['climate']);
    const ranking = rankIssues(tools.rankable(LATEST), tools.applicable);
    expect(why.explanation).toEqual(
      explainRank(ranking.companies, why.weights, ['climate'], seed.cid),
    );
    // The bars are the whole sum: nothing left out adds to it.
    expect(why.explanation.bars.reduce((sum, bar) => sum + bar.points, 0)).toBe(why.raw);
    expect(why.explanation.rank).toBe(why.rank);
  });

  it('is a 404 naming company for a company not in the industry', async () => {
    const response = await get(`/api/why/us/${tools.industry}/no-such-company`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorBody).error.field).toBe('company');
  });
});
