import { canonicalPath, isKeptPage, matchPage } from './page-routes';

describe('matchPage', () => {
  it.each([
    ['/', { kind: 'home' }],
    ['/reports', { kind: 'reports' }],
    [
      '/reports/12/2026-01-02/a-title',
      { kind: 'report', id: '12', date: '2026-01-02', slug: 'a-title' },
    ],
    ['/companies/us/tools', { kind: 'industry', industry: 'tools' }],
    ['/companies/us/tools/acme%20co', { kind: 'company', industry: 'tools', company: 'acme co' }],
    ['/compare/us/tools', { kind: 'compare', industry: 'tools' }],
    ['/terms-of-use', { kind: 'static', page: 'terms' }],
    ['/developers', { kind: 'static', page: 'developers' }],
    ['/methodology', { kind: 'static', page: 'methodology' }],
    ['/account/signin', { kind: 'client' }],
    ['/account/reset/abc', { kind: 'client' }],
    ['/widgets/companies/us/tools', { kind: 'client' }],
    ['/corrections/request', { kind: 'client' }],
    [
      '/corrections/us/tools/acme-co',
      { kind: 'ledger', industry: 'tools', company: 'acme-co', page: 1 },
    ],
    ['/admin/corrections', { kind: 'client' }],
  ])('knows %s', (path, route) => {
    expect(matchPage(path)).toEqual(route);
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
    '/companies/us/tools/%E0%A4%A',
  ])('finds no page at %s', (path) => {
    expect(matchPage(path)).toBeNull();
  });

  it("reads the ledger's page from the query; a malformed page names no page", () => {
    const path = '/corrections/us/tools/acme-co';
    expect(matchPage(path, new URLSearchParams('page=3&utm_source=x'))).toEqual({
      kind: 'ledger',
      industry: 'tools',
      company: 'acme-co',
      page: 3,
    });
    for (const page of ['0', 'two', '1001']) {
      expect(matchPage(path, new URLSearchParams({ page }))).toBeNull();
    }
    // Other pages do not read it.
    expect(matchPage('/companies/us/tools', new URLSearchParams('page=two'))).toEqual({
      kind: 'industry',
      industry: 'tools',
    });
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

describe('isKeptPage', () => {
  it('keeps pages made from the data, not a corrections ledger', () => {
    expect(isKeptPage({ kind: 'company', industry: 'tools', company: 'acme' })).toBe(true);
    expect(isKeptPage({ kind: 'ledger', industry: 'tools', company: 'acme', page: 1 })).toBe(false);
  });
});
