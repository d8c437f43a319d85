import { makeAnswer } from '../answer-cache/answer';
import type { PagePlan } from '../pages/app-renderer';
import { NOT_FOUND_LOCATION } from '../pages/serve-pages';
import { KeptRoutes } from './kept-routes';
import { parseTarget, RouteTable, type WebRoutes } from './route-table';

describe('the request target (decision 0049)', () => {
  it('is a path in origin-form, read once into path and query', () => {
    expect(parseTarget('/api/companies/us/tools?year=2026')).toEqual({
      path: '/api/companies/us/tools',
      search: '?year=2026',
      api: true,
      exactApi: true,
    });
    expect(parseTarget('/companies/us/tools')).toMatchObject({ api: false, search: '' });
  });

  it('refuses an absolute-form target, `*` and any `#`: each names no path of this site', () => {
    for (const target of [
      'http://x/metrics',
      'https://h/api/active',
      '*',
      '/metrics#',
      '/health/ready#',
      '/api/active#x',
      '/api/active?x=1#y',
      '',
      undefined,
    ]) {
      expect({ target, parsed: parseTarget(target) }).toEqual({ target, parsed: null });
    }
  });

  it('counts /API and /Api as the API (the budget), but only /api is its exact spelling', () => {
    expect(parseTarget('/API/active')).toMatchObject({ api: true, exactApi: false });
    expect(parseTarget('/Api')).toMatchObject({ api: true, exactApi: false });
    expect(parseTarget('/api')).toMatchObject({ api: true, exactApi: true });
    expect(parseTarget('/apiary')).toMatchObject({ api: false, exactApi: false });
  });
});

describe('the route table', () => {
  const api = new KeptRoutes([
    { path: '/api/companies/:market/:industry', query: ['year', 'qrt'], domain: 'data' },
    { path: '/api/corrections/:market', query: [], domain: 'corrections' },
  ]);
  const plans: Record<string, PagePlan['kind']> = { '/companies/us/tools': 'rendered' };
  const web: WebRoutes = {
    canonicalLocation: (url) => url.replace(/[?&]utm_[a-z]+=[^&]*/g, ''),
    plan: (location) => ({ kind: plans[location] ?? 'not-found' }) as PagePlan,
  };
  const asset = makeAnswer('x', { domain: 'data', personal: false });
  const table = new RouteTable(api, web, new Map([['/assets/app-1.js', asset]]));
  const route = (url: string) => table.route(parseTarget(url)!);

  it('keeps a kept API route under its path and the query it reads, shared by its domain', () => {
    expect(route('/api/companies/us/tools?utm_source=x&qrt=1&year=2026')).toEqual({
      url: '/api/companies/us/tools?year=2026&qrt=1',
      shared: 'data',
      page: false,
    });
    expect(route('/api/user?x=1')).toEqual({ url: '/api/user?x=1', shared: null, page: false });
  });

  it('drops any query of crawl files, share images and assets: one key each', () => {
    for (const path of ['/sitemap.xml', '/robots.txt', '/share/industries/tools.png']) {
      expect(route(`${path}?junk=${Math.random()}`)).toEqual({
        url: path,
        shared: null,
        page: false,
      });
    }
    expect(route('/assets/app-1.js?v=2').url).toBe('/assets/app-1.js');
    expect(table.asset('/assets/app-1.js')).toBe(asset);
  });

  it('answers every location that names no page as the one kept not-found page', () => {
    for (const path of ['/no-such-page', '/metrics', '/health/ready', `/x${Math.random()}`]) {
      expect(table.keyOnMiss(route(path))).toBe(NOT_FOUND_LOCATION);
    }
    const page = route('/companies/us/tools?utm_medium=mail');
    expect(page).toEqual({ url: '/companies/us/tools', shared: null, page: true });
    expect(table.keyOnMiss(page)).toBe('/companies/us/tools');
    // An API miss or a file is asked under its own URL: the web's plan is for pages only.
    expect(table.keyOnMiss(route('/api/user'))).toBe('/api/user');
    expect(table.keyOnMiss(route('/sitemap.xml?x=1'))).toBe('/sitemap.xml');
  });
});
