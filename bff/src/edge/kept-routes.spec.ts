import { KeptRoutes } from './kept-routes';

describe('KeptRoutes', () => {
  const routes = new KeptRoutes([
    { path: '/api/active', query: [], domain: 'data' },
    { path: '/api/companies/:market/:industry', query: ['year', 'qrt'], domain: 'data' },
    { path: '/api/compare/:market/:industry', query: ['c'], domain: 'data' },
    { path: '/api/corrections/:market/:industry/:company', query: ['page'], domain: 'corrections' },
  ]);

  it('drops the query parameters a route does not read', () => {
    expect(routes.canonical('/api/active?utm_source=x&fbclid=1')).toBe('/api/active');
    expect(routes.canonical('/api/companies/us/tools?gclid=9&qrt=2&year=2026&junk')).toBe(
      '/api/companies/us/tools?year=2026&qrt=2',
    );
    expect(routes.canonical('/api/compare/us/tools?c=a%2Cb&utm_medium=social')).toBe(
      '/api/compare/us/tools?c=a%2Cb',
    );
  });

  it('leaves a path alone when it is not a kept route, or another spelling of one', () => {
    expect(routes.canonical('/api/user?x=1')).toBeNull();
    expect(routes.canonical('/API/active')).toBeNull();
    expect(routes.canonical('/api/companies/us')).toBeNull();
    expect(routes.canonical('/api/companies/us//')).toBeNull();
  });

  it('names the domain whose version a kept URL is kept and shared under', () => {
    expect(routes.domainOf('/api/companies/us/tools?year=2026')).toBe('data');
    expect(routes.domainOf('/api/corrections/us/tools/acme?page=2')).toBe('corrections');
    expect(routes.domainOf('/api/user')).toBeNull();
  });
});
