import { Queues, type CompanySearchDocument } from '@upright/contracts';
import { eventually } from '@upright/platform/testing';
import { Queue } from 'bullmq';
import {
  signUp,
  startAccountsStack,
  type AccountsStack,
  type SignedUp,
} from './support/accounts-stack';
import { searchBarRequests } from './support/reactivesearch-bodies';
import { SearchStack } from '@upright/search/testing';

/**
 * Recent searches per member (docs/product/spec.md#s7, #s9): a signed-in member's searches through
 * the BFF feed their recent searches and recent suggestions, never another member's; a deleted
 * member's analytics are deleted (docs/product/rules.md#s8).
 */
interface Hit {
  label?: string;
  _suggestion_type?: string;
}
type Answer = Record<string, { hits: { hits: Hit[] } }>;

describe('search analytics of members', () => {
  let accounts: AccountsStack;
  let stack: SearchStack;
  let ada: SignedUp;
  let bob: SignedUp;

  const search = (member: SignedUp, queries: unknown[]) =>
    member.browser.call<Answer>('POST', '/api/search/companies/_reactivesearch.v3', {
      settings: { recordAnalytics: true },
      query: queries,
    });
  const recent = (member: SignedUp, query = '') =>
    member.browser.call<Array<{ key: string; count: number }>>(
      'GET',
      `/api/search/_analytics/companies/recent-searches${query}`,
    );

  beforeAll(async () => {
    accounts = await startAccountsStack('search-members');
    stack = new SearchStack(accounts.prefix);
    await stack.startSearch();
    const documents: CompanySearchDocument[] = ['Acme', 'Globex', 'Initech'].map((name) => ({
      id: `${stack.tag}-${name}`,
      company_name: name,
      slug: name.toLowerCase(),
      brands: [],
      subsidiaries: [],
      industry: 'retail',
      industries: ['retail'],
      sectors: [],
      updated: null,
      location: null,
    }));
    await stack.index('companies', documents);
    ada = await signUp(accounts, 'ada');
    bob = await signUp(accounts, 'bob');
  });
  afterAll(async () => {
    await stack?.close();
    await accounts?.close();
  });

  it("keeps each member's recent searches, newest first, with the docs/product/spec.md#s9 defaults", async () => {
    for (const term of ['Acme', 'Gl', 'Globex', 'Acme']) {
      const answer = await search(ada, searchBarRequests.enter(term));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('X-Search-Id')).toBeTruthy();
    }
    await search(bob, searchBarRequests.enter('Initech'));

    const adas = await recent(ada);
    expect(adas.status).toBe(200);
    // min_chars 3 leaves out "Gl"; repeated searches count once, newest first.
    expect(adas.body).toEqual([
      { key: 'Acme', count: 2 },
      { key: 'Globex', count: 1 },
    ]);
    expect((await recent(ada, '?size=1')).body).toEqual([{ key: 'Acme', count: 2 }]);
    expect((await recent(ada, '?min_chars=2')).body).toHaveLength(3);
    expect((await recent(ada, '?from=2000-01-01&to=2000-12-31')).body).toEqual([]);
    // user_id in the query (what ReactiveSearch adds) does not choose whose searches are read.
    expect((await recent(bob, `?user_id=${ada.uid}`)).body).toEqual([{ key: 'Initech', count: 1 }]);
  });

  it("reads the session cookie beside ReactiveSearch's Basic header, and still wants the CSRF token", async () => {
    // appbase-js sends `Authorization: Basic <credentials>` on every call; only Bearer replaces
    // the cookie, so the member stays signed in and a forged write stays refused.
    const basic = `Basic ${Buffer.from('upright:').toString('base64')}`;
    const withBasic = await ada.browser.call<Array<{ key: string }>>(
      'GET',
      '/api/search/_analytics/companies/recent-searches',
      undefined,
      { authorization: basic },
    );
    expect(withBasic.body.map((entry) => entry.key)).toContain('Acme');
    const forged = await ada.browser.call(
      'PUT',
      '/api/priorities',
      { climate: 9 },
      {
        authorization: basic,
        csrf: false,
      },
    );
    expect(forged.status).toBe(403);
  });

  it('offers recent suggestions to the member who searched only', async () => {
    const typing = searchBarRequests.typing('glo');
    const mine = await search(ada, typing);
    const recentHits = mine.body.search__internal.hits.hits.filter(
      (hit) => hit._suggestion_type === 'recent',
    );
    expect(recentHits.map((hit) => hit.label)).toEqual(['Globex']);
    const theirs = await search(bob, typing);
    expect(
      theirs.body.search__internal.hits.hits.filter((hit) => hit._suggestion_type === 'recent'),
    ).toEqual([]);
  });

  it("deletes a member's analytics on search-member-deletion", async () => {
    const deletions = new Queue(Queues.searchMemberDeletion, stack.queueOptions);
    try {
      await deletions.add('delete', { uid: ada.uid });
      await eventually(
        "ada's analytics are deleted",
        async () => (await recent(ada)).body.length === 0,
      );
      expect((await recent(bob)).body).toEqual([{ key: 'Initech', count: 1 }]);
    } finally {
      await deletions.obliterate({ force: true });
      await deletions.close();
    }
  });
});
