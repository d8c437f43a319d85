import { describe, expect, it } from 'vitest';
import {
  canonicalPath,
  decidePage,
  FIXED_PUBLIC_PATHS,
  planPage,
  type PageAnswer,
} from './page-plan';

/** Answers by API path (a missing one is a 404), and the paths asked, in order. */
function answering(answers: Record<string, Partial<PageAnswer>>) {
  const asked: string[] = [];
  const read = (path: string): Promise<PageAnswer> => {
    asked.push(path);
    const answer = answers[path] ?? { status: 404 };
    return Promise.resolve({ status: 200, body: null, retryAfter: null, ...answer });
  };
  return { asked, read };
}

describe('planPage', () => {
  it.each([
    ['/', 'rendered'],
    ['/reports', 'rendered'],
    ['/reports/12/2026-01-02/a-title', 'rendered'],
    ['/companies/us/tools', 'rendered'],
    ['/companies/us/tools/acme%20co', 'rendered'],
    ['/compare/us/tools', 'rendered'],
    ['/terms-of-use', 'rendered'],
    ['/developers', 'rendered'],
    ['/methodology', 'rendered'],
    ['/account/signin', 'browser'],
    ['/account/reset/abc', 'browser'],
    ['/widgets/companies/us/tools', 'rendered'],
    ['/widgets/reports/12/2026-01-02/a-title', 'rendered'],
    ['/corrections/request', 'browser'],
    ['/corrections/us/tools/acme-co', 'rendered'],
    ['/admin/corrections', 'browser'],
    ['/admin/data', 'browser'],
    ['/admin/data/log', 'browser'],
    ['/admin/data/preview/tools', 'browser'],
  ])('knows %s', (path, kind) => {
    expect(planPage(path).kind).toBe(kind);
  });

  it.each([
    '/nothing',
    '/companies/ca/tools',
    '/companies/us/Tools_',
    '/companies/us/tools/acme/more',
    '/reports/12/2026-01-02',
    '/account/other',
    '/compare/us/tools/acme',
    '/compare/us',
    '/admin/other',
    '/admin/data/other',
    '/admin/data/preview',
    '/admin/data/preview/Not_A_Slug',
    '/admin/data/preview/tools/more',
    '/companies/us/tools/%E0%A4%A',
    '/About',
  ])('finds no page at %s', (path) => {
    expect(planPage(path)).toEqual({ kind: 'not-found' });
  });

  it("reads the ledger's page from the query; a malformed page names no page", () => {
    const path = '/corrections/us/tools/acme-co';
    expect(planPage(`${path}?page=3&utm_source=x`).kind).toBe('rendered');
    for (const page of ['0', 'two', '1001']) {
      expect(planPage(`${path}?page=${page}`)).toEqual({ kind: 'not-found' });
    }
    // The desk's log reads it the same way.
    expect(planPage('/admin/data/log?page=2').kind).toBe('browser');
    expect(planPage('/admin/data/log?page=two')).toEqual({ kind: 'not-found' });
    // Other pages do not read it.
    expect(planPage('/companies/us/tools?page=two').kind).toBe('rendered');
  });

  it('moves another spelling to its canonical path, with the query it came with', () => {
    expect(planPage('/companies/us/Tools/ACME?sort=tax')).toEqual({
      kind: 'moved',
      location: '/companies/us/tools/acme?sort=tax',
    });
    expect(planPage('/about/')).toEqual({ kind: 'moved', location: '/about' });
  });

  it('keeps pages made from the data, not a corrections ledger', () => {
    expect(planPage('/companies/us/tools/acme')).toEqual({ kind: 'rendered', kept: true });
    expect(planPage('/corrections/us/tools/acme')).toEqual({ kind: 'rendered', kept: false });
  });

  it('renders widgets per view: kept pages are sent with headers no other site may frame', () => {
    expect(planPage('/widgets/companies/us/tools')).toEqual({ kind: 'rendered', kept: false });
    expect(planPage('/widgets/reports/7/2026-04-01/top')).toEqual({
      kind: 'rendered',
      kept: false,
    });
    expect(planPage('/widgets/companies/us/Tools_')).toEqual({ kind: 'not-found' });
  });

  it('lists the public pages at a fixed address for the sitemap', () => {
    expect(FIXED_PUBLIC_PATHS).toEqual([
      '/',
      '/reports',
      '/about',
      '/faq',
      '/contact',
      '/privacy-policy',
      '/terms-of-use',
      '/developers',
      '/methodology',
      '/industries',
      '/accessibility',
    ]);
  });
});

describe('canonicalPath', () => {
  it('drops trailing slashes and lowercases industry and company paths', () => {
    expect(canonicalPath('/about/')).toBe('/about');
    expect(canonicalPath('/companies/us/Tools/ACME')).toBe('/companies/us/tools/acme');
    expect(canonicalPath('/compare/us/Tools')).toBe('/compare/us/tools');
  });

  it('is null for a canonical path, and for a respelling of no page', () => {
    expect(canonicalPath('/')).toBeNull();
    expect(canonicalPath('/companies/us/tools')).toBeNull();
    expect(canonicalPath('/nothing/')).toBeNull();
    expect(canonicalPath('/About')).toBeNull();
  });
});

describe('decidePage', () => {
  it('moves a company reached by another spelling of its slug to its canonical path', async () => {
    const { asked, read } = answering({
      '/api/primary/us/tools/acme%20co': { body: { slug: 'acme-co' } },
    });
    await expect(decidePage('/companies/us/tools/acme%20co', read, 'Upright')).resolves.toEqual({
      kind: 'moved',
      location: '/companies/us/tools/acme-co',
    });
    // The path's segments are decoded once, as the app's router decodes them.
    expect(asked).toEqual(['/api/primary/us/tools/acme%20co']);
  });

  it('moves an old report link to where the report lives now', async () => {
    const canonical = { report_id: 7, published_date: '2026-04-01', slug: 'top tools' };
    const { read } = answering({
      '/api/published/7/2020-01-01/old': { status: 301, body: { canonical, location: '/api/x' } },
    });
    await expect(decidePage('/reports/7/2020-01-01/old', read, 'Upright')).resolves.toEqual({
      kind: 'moved',
      location: '/reports/7/2026-04-01/top%20tools',
    });
  });

  it("gives a widget its full page's canonical address, and moves an old one to its widget", async () => {
    const industry = {
      body: {
        industryResult: { industry_text: 'Tools', definition: 'Makers of tools.' },
        period: null,
      },
    };
    const canonical = { report_id: 7, published_date: '2026-04-01', slug: 'top' };
    const { read } = answering({
      '/api/companies/us/tools': industry,
      '/api/published/7/2020-01-01/old': { status: 301, body: { canonical, location: '/api/x' } },
    });
    await expect(decidePage('/widgets/companies/us/tools', read, 'U')).resolves.toMatchObject({
      status: 200,
      head: { title: 'Tools rankings · U', path: '/companies/us/tools' },
    });
    await expect(decidePage('/widgets/reports/7/2020-01-01/old', read, 'U')).resolves.toEqual({
      kind: 'moved',
      location: '/widgets/reports/7/2026-04-01/top',
    });
  });

  it('answers 404 when the data names nothing, and passes other failures on', async () => {
    const missing = await decidePage('/companies/us/none', answering({}).read, 'U');
    expect(missing).toMatchObject({
      kind: 'page',
      status: 404,
      head: { title: 'Page not found · U', path: '/' },
    });
    // A malformed report id is a 400 of the API: no page either.
    const malformed = answering({ '/api/published/abc/2020-01-01/x': { status: 400 } });
    await expect(
      decidePage('/reports/abc/2020-01-01/x', malformed.read, 'U'),
    ).resolves.toMatchObject({ status: 404 });
    const away = answering({
      '/api/companies/us/tools': { status: 503, retryAfter: '15' },
    });
    await expect(decidePage('/companies/us/tools', away.read, 'U')).resolves.toEqual({
      kind: 'unavailable',
      status: 503,
      retryAfter: '15',
    });
    const noAnswer = answering({ '/api/companies/us/tools': { status: 0 } });
    await expect(decidePage('/companies/us/tools', noAnswer.read, 'U')).resolves.toMatchObject({
      kind: 'unavailable',
      status: 503,
    });
  });

  it("gives each ledger page its own canonical address and asks for that page's entries", async () => {
    const ledger = (page: number) => ({
      body: {
        company: { company_name: 'Acme', industry: 'tools', slug: 'acme-co' },
        promise_days: 14,
        page: { page, size: 20, total: 30 },
      },
    });
    const { asked, read } = answering({
      '/api/corrections/us/tools/acme-co?page=2': ledger(2),
      '/api/corrections/us/tools/acme-co': ledger(1),
      '/api/corrections/us/tools/acme%20co?page=2': ledger(2),
    });
    await expect(
      decidePage('/corrections/us/tools/acme-co?page=2', read, 'U'),
    ).resolves.toMatchObject({
      status: 200,
      head: {
        path: '/corrections/us/tools/acme-co?page=2',
        title: 'Corrections to Acme · U',
        description: expect.stringContaining('resolved within 14 days') as unknown,
      },
    });
    await expect(decidePage('/corrections/us/tools/acme-co', read, 'U')).resolves.toMatchObject({
      head: { path: '/corrections/us/tools/acme-co' },
    });
    expect(asked[0]).toBe('/api/corrections/us/tools/acme-co?page=2');
    // Another spelling moves to the first page's path; the move keeps the query (its page).
    await expect(decidePage('/corrections/us/tools/acme%20co?page=2', read, 'U')).resolves.toEqual({
      kind: 'moved',
      location: '/corrections/us/tools/acme-co?page=2',
    });
  });

  it('answers 404 for a company the industry does not have (204)', async () => {
    const { read } = answering({ '/api/primary/us/tools/nobody': { status: 204 } });
    await expect(decidePage('/companies/us/tools/nobody', read, 'U')).resolves.toMatchObject({
      status: 404,
    });
  });

  it('gives every path that names no page the not-found head without asking for data', async () => {
    const { asked, read } = answering({});
    await expect(decidePage('/404', read, 'U')).resolves.toMatchObject({ status: 404 });
    expect(asked).toEqual([]);
  });

  it('leaves the pages of the browser to it', async () => {
    await expect(decidePage('/account/signin', answering({}).read, 'U')).resolves.toEqual({
      kind: 'browser',
    });
  });
});
