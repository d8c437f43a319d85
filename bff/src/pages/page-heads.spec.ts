import type { ServiceClient } from '@upright/platform';
import { ServiceUnavailableError } from '@upright/transport';
import { PageHeads } from './page-heads';

/** A ServiceClient that answers each pattern with `answers[pattern]` (a value, or a throw). */
function services(answers: Record<string, () => unknown>): ServiceClient {
  return {
    request: (pattern: string) => Promise.resolve().then(() => answers[pattern]()),
  } as unknown as ServiceClient;
}

const notFound = () => {
  throw { code: 'not_found', message: 'No such thing.' };
};

describe('PageHeads', () => {
  it('moves a company reached by another spelling of its slug to its canonical path', async () => {
    const renderer = new PageHeads(
      services({ 'rankings.companies.detail': () => ({ slug: 'acme-co' }) }),
      'Upright',
    );
    await expect(
      renderer.render({ kind: 'company', industry: 'tools', company: 'Acme Co' }),
    ).resolves.toEqual({ status: 301, location: '/companies/us/tools/acme-co' });
  });

  it('moves an old report link to where the report lives now', async () => {
    const canonical = { report_id: 7, published_date: '2026-04-01', slug: 'top tools' };
    const renderer = new PageHeads(
      services({ 'reports.reports.published': () => ({ found: false, canonical }) }),
      'Upright',
    );
    await expect(
      renderer.render({ kind: 'report', id: '7', date: '2020-01-01', slug: 'old' }),
    ).resolves.toEqual({ status: 301, location: '/reports/7/2026-04-01/top%20tools' });
  });

  it('answers 404 when the data names nothing, and passes other failures on', async () => {
    const missing = new PageHeads(services({ 'rankings.companies.rank': notFound }), 'U');
    await expect(missing.render({ kind: 'industry', industry: 'none' })).resolves.toMatchObject({
      status: 404,
    });
    const away = new PageHeads(
      services({
        'rankings.companies.rank': () => {
          throw new ServiceUnavailableError('rankings');
        },
      }),
      'U',
    );
    await expect(away.render({ kind: 'industry', industry: 'tools' })).rejects.toBeInstanceOf(
      ServiceUnavailableError,
    );
  });

  it("gives each ledger page its own canonical address and asks for that page's entries", async () => {
    const asked: unknown[] = [];
    const renderer = new PageHeads(
      {
        request: (_pattern: string, payload: unknown) => {
          asked.push(payload);
          return Promise.resolve({
            company: { company_name: 'Acme', industry: 'tools', slug: 'acme-co' },
            promise_days: 14,
          });
        },
      } as unknown as ServiceClient,
      'U',
    );
    const route = { kind: 'ledger', industry: 'tools', company: 'acme-co' } as const;
    await expect(renderer.render({ ...route, page: 2 })).resolves.toMatchObject({
      status: 200,
      head: { path: '/corrections/us/tools/acme-co?page=2' },
    });
    await expect(renderer.render({ ...route, page: 1 })).resolves.toMatchObject({
      head: { path: '/corrections/us/tools/acme-co' },
    });
    expect(asked[0]).toEqual({ industry: 'tools', company: 'acme-co', page: 2 });
    // Another spelling moves to the first page's path; the move keeps the query (its page).
    await expect(renderer.render({ ...route, company: 'Acme-Co', page: 2 })).resolves.toEqual({
      status: 301,
      location: '/corrections/us/tools/acme-co',
    });
  });

  it('answers 404 for a company the industry does not have', async () => {
    const renderer = new PageHeads(services({ 'rankings.companies.detail': () => null }), 'U');
    await expect(
      renderer.render({ kind: 'company', industry: 'tools', company: 'nobody' }),
    ).resolves.toMatchObject({ status: 404 });
  });
});
