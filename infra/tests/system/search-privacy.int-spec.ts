import type { CompanySearchDocument } from '@upright/contracts';
import type { StartedApp } from '@upright/platform/testing';
import { eventually, startTestApp } from '@upright/platform/testing';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { bffService } from '@upright/bff';
import { searchBarRequests } from './support/reactivesearch-bodies';
import { SearchStack } from '@upright/search/testing';

interface Hit {
  label?: string;
  _source?: Record<string, unknown>;
  _suggestion_type?: string;
}
type Answer = Record<string, { hits: { hits: Hit[] } }>;

/**
 * Privacy of search analytics (decision 0020): popular suggestions only for terms
 * searched by at least POPULAR_MIN_SEARCHERS distinct searchers, normalised and without markup,
 * never attributed; analytics older than the retention are deleted by the search service's job.
 */
describe('search analytics privacy', () => {
  const stack = new SearchStack();
  let bff: StartedApp;
  let db: Client;

  // Behind one trusted proxy (as in the chart), X-Forwarded-For names the client.
  const search = (body: unknown, client: string) =>
    fetch(`${bff.url}/api/search/companies/_reactivesearch.v3`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify(body),
    });
  const enter = (term: string, client: string) =>
    search({ settings: { recordAnalytics: true }, query: searchBarRequests.enter(term) }, client);
  const popular = async (typed: string) => {
    const answer = (await (
      await search({ query: searchBarRequests.typing(typed) }, '192.0.2.200')
    ).json()) as Answer;
    return answer.search__internal.hits.hits.filter((hit) => hit._suggestion_type === 'popular');
  };

  beforeAll(async () => {
    db = new Client({ connectionString: stack.infra.adminUrl() });
    await db.connect();
    // A search recorded long ago, before the service starts: its start-up sweep deletes it.
    await db.query(
      `INSERT INTO search.searches (id, space, app, term, created_at)
       VALUES ($1, $2, 'companies', 'old search', now() - interval '40 days'),
              ($3, $2, 'companies', 'recent search', now() - interval '5 days')`,
      [randomUUID(), stack.space, randomUUID()],
    );
    await stack.startSearch({ POPULAR_MIN_SEARCHERS: '3', ANALYTICS_RETENTION_DAYS: '30' });
    bff = await startTestApp(bffService, {
      ...stack.common,
      WEB_DIST_DIR: '',
      TRUSTED_PROXY_HOPS: '1',
    });
    const company: CompanySearchDocument = {
      id: `${stack.tag}-initech`,
      company_name: 'Initech',
      slug: 'initech',
      brands: [],
      subsidiaries: [],
      industry: 'retail',
      industries: ['retail'],
      sectors: [],
      updated: null,
      location: null,
    };
    await stack.index('companies', [company]);
  });

  afterAll(async () => {
    await bff?.app.close();
    await stack.close();
    await db.query('DELETE FROM search.searches WHERE space = $1', [stack.space]);
    await db.end();
  });

  it('shows a term only once enough distinct searchers searched it, normalised', async () => {
    const term = `Initech ${stack.tag}`;
    // One visitor searching many times is one searcher.
    for (let n = 0; n < 5; n += 1) expect((await enter(term, '192.0.2.1')).status).toBe(200);
    expect(await popular(`initech ${stack.tag}`)).toEqual([]);
    // Two more visitors, one typing markup and extra spaces: the same normalised term.
    await enter(`<b>INITECH</b>   ${stack.tag}`, '192.0.2.2');
    expect(await popular(`initech ${stack.tag}`)).toEqual([]);
    await enter(term, '192.0.2.3');
    const shown = await popular(`initech ${stack.tag}`);
    expect(shown).toEqual([
      expect.objectContaining({
        label: `initech ${stack.tag}`,
        value: `initech ${stack.tag}`,
        _source: { count: 3 },
      }),
    ]);
  });

  it('never shows a term that still carries markup', async () => {
    const script = `<script>alert(1)</script>x${stack.tag}`;
    for (const client of ['192.0.2.11', '192.0.2.12', '192.0.2.13']) await enter(script, client);
    const shown = await popular(`<script>`);
    expect(shown.filter((hit) => hit.label?.includes('<'))).toEqual([]);
  });

  it('deletes analytics older than the retention (the repeatable sweep ran at start-up)', async () => {
    const left = async () =>
      (
        await db.query('SELECT term FROM search.searches WHERE space = $1 AND term LIKE $2', [
          stack.space,
          '% search',
        ])
      ).rows.map((row: { term: string }) => row.term);
    await eventually(
      'the old search is deleted',
      async () => !(await left()).includes('old search'),
    );
    expect(await left()).toEqual(['recent search']);
  });
});
