import {
  ISSUE_KEYS,
  METHODOLOGY_VERSION,
  type IndustryCompaniesResponse,
  type MethodologyExampleResponse,
} from '@upright/contracts';
import type { StartedApp } from '@upright/platform/testing';
import { testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { startRankingsAndBff, stopRankingsAndBff } from './support/rankings-and-bff';

/**
 * docs/product/rules.md#s12: the methodology page's worked example is the engine's ranking of the
 * smallest active industry, exactly as that industry's page answers it, with the weights it used.
 */
describe('the methodology example', () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('methodology');
  const tag = randomUUID().slice(0, 6);
  // "0" sorts before every letter: among the industries of three companies, this one is first.
  const industry = `0zz-${tag}-method`;
  const cids = ['a', 'b', 'c'].map((letter) => `zz-${tag}-m${letter}`);

  let admin: Client;
  let rankings: StartedApp;
  let bff: StartedApp;

  const getJson = async <T>(path: string): Promise<T> =>
    (await (await fetch(`${bff.url}${path}`)).json()) as T;

  beforeAll(async () => {
    admin = new Client({ connectionString: infra.adminUrl() });
    await admin.connect();
    await admin.query(
      `INSERT INTO rankings.industries (industry, industry_text, definition, "limit", active)
       VALUES ($1, 'Method makers', 'Makers of methods', 5, true)`,
      [industry],
    );
    for (const [index, cid] of cids.entries()) {
      await admin.query(
        `INSERT INTO rankings.companies (upright_cid, company_name, slug, industry, structure)
         VALUES ($1, $2, $3, $4, 'Public')`,
        [cid, `Method ${index} ${tag}`, `method-${index}-${tag}`, industry],
      );
      await admin.query(
        'INSERT INTO rankings.company_industries (industry, upright_cid) VALUES ($1, $2)',
        [industry, cid],
      );
      // Scores spread differently per issue, with a tie and a missing score.
      const scores = ISSUE_KEYS.map((_, issue) =>
        issue === 3 && index === 2 ? null : ((index + issue) % 3) * 10,
      );
      await admin.query(
        `INSERT INTO rankings.company_scores
           (upright_cid, period_year, period_qrt, climate_score, exec_comp_score, us_lobbying_score,
            us_tax_score, price_inflation_score, repurchased_score, diverse_rep_score,
            diverse_pay_gap_score, net_neutrality_score)
         VALUES ($1, 2026, 2, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [cid, ...scores],
      );
    }
    ({ rankings, bff } = await startRankingsAndBff(prefix));
  });

  afterAll(async () => {
    await stopRankingsAndBff({ rankings, bff }, prefix, industry);
    await admin.query('DELETE FROM rankings.companies WHERE upright_cid LIKE $1', [`zz-${tag}-%`]);
    await admin.query('DELETE FROM rankings.industries WHERE industry = $1', [industry]);
    await admin.end();
  });

  it("is the smallest industry's ranking, as its page answers it", async () => {
    const answer = await getJson<MethodologyExampleResponse>('/api/methodology/example');
    expect(answer.methodology_version).toBe(METHODOLOGY_VERSION);
    expect(answer.example?.industryResult.industry).toBe(industry);
    expect(answer.example).toEqual(
      await getJson<IndustryCompaniesResponse>(`/api/companies/us/${industry}`),
    );
  });

  it('shows its working: each sum is the ranks times the weights it names', async () => {
    const { example, weights } = await getJson<MethodologyExampleResponse>(
      '/api/methodology/example',
    );
    expect(example!.result.ranked).toHaveLength(3);
    for (const company of example!.result.ranked) {
      const ranks = ISSUE_KEYS.map((key) => company[`${key}_rank`]);
      expect(company.raw_rank).toBe(ranks.reduce((sum, rank) => sum + rank, 0));
      const weighted = ISSUE_KEYS.reduce(
        (sum, key) => sum + company[`${key}_rank`] * weights[key] * 100,
        0,
      );
      expect(Math.round(company.raw_arank * 100)).toBe(Math.round(weighted));
    }
  });
});
