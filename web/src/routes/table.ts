import { matchPath } from 'react-router-dom';
import { apiPaths } from '../api/endpoints';

export interface RouteDefinition {
  path: string;
  /** API GETs the page makes first, fetched ahead by the link prefetcher. */
  data?: (params: Record<string, string | undefined>) => string[];
  /** `/widgets/…`: bare layout, no header or footer. */
  bare?: boolean;
}

/**
 * Every route of docs/product/spec.md#s2, the mailed-link pages of WebPaths and the widgets
 * (docs/product/rules.md#s6); each route's page is in routes/pages.ts.
 */
export const ROUTES = [
  {
    path: '/',
    data: () => [apiPaths.featured(1), apiPaths.latest(1)],
  },
  {
    path: '/reports',
    data: () => [apiPaths.latest(1)],
  },
  {
    path: '/reports/:id/:date/:slug',
    data: ({ id, date, slug }) => [apiPaths.published(id!, date!, slug!)],
  },
  {
    path: '/companies/us/:industry',
    data: ({ industry }) => [apiPaths.industryCompanies(industry!)],
  },
  {
    path: '/companies/us/:industry/:company',
    data: ({ industry, company }) => [apiPaths.company(industry!, company!)],
  },
  {
    path: '/compare/us/:industry',
  },
  { path: '/account/signin' },
  { path: '/account/signup' },
  { path: '/account/priorities' },
  { path: '/account/settings' },
  { path: '/account/reset' },
  { path: '/account/reset/:hash' },
  { path: '/account/verify/:hash' },
  {
    path: '/account/unsubscribe/:uid/:key',
  },
  { path: '/about' },
  { path: '/faq' },
  { path: '/contact' },
  { path: '/privacy-policy' },
  { path: '/terms-of-use' },
  { path: '/developers' },
  { path: '/corrections/request' },
  {
    path: '/corrections/us/:industry/:company',
    data: ({ industry, company }) => [apiPaths.correctionLedger(industry!, company!)],
  },
  { path: '/admin/corrections' },
  { path: '/methodology', data: () => [apiPaths.methodologyExample(), apiPaths.crowd()] },
  {
    path: '/widgets/companies/us/:industry',
    data: ({ industry }) => [apiPaths.industryCompanies(industry!)],
    bare: true,
  },
  {
    path: '/widgets/reports/:id/:date/:slug',
    data: ({ id, date, slug }) => [apiPaths.published(id!, date!, slug!)],
    bare: true,
  },
] as const satisfies readonly RouteDefinition[];

export type RoutePath = (typeof ROUTES)[number]['path'];

export function matchRoute(pathname: string): {
  route: RouteDefinition & { path: RoutePath };
  params: Record<string, string | undefined>;
} | null {
  for (const route of ROUTES) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return { route, params: match.params };
  }
  return null;
}

export function isBarePath(pathname: string): boolean {
  return pathname === '/widgets' || pathname.startsWith('/widgets/');
}
