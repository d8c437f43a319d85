import { matchPath } from 'react-router-dom';
import type { ComponentType } from 'react';
import { apiPaths } from '../api/endpoints';

type PageModule = { default: ComponentType };

export interface RouteDefinition {
  path: string;
  load: () => Promise<PageModule>;
  /** API GETs the page makes first, fetched ahead by the link prefetcher. */
  data?: (params: Record<string, string | undefined>) => string[];
  /** `/widgets/…`: bare layout, no header or footer. */
  bare?: boolean;
}

/** Every route of spec §2, the mailed-link pages of WebPaths and the widgets (decisions §6). */
export const ROUTES: RouteDefinition[] = [
  {
    path: '/',
    load: () => import('../pages/HomePage'),
    data: () => [apiPaths.featured(1), apiPaths.latest(1)],
  },
  {
    path: '/reports',
    load: () => import('../pages/ReportsPage'),
    data: () => [apiPaths.latest(1)],
  },
  {
    path: '/reports/:id/:date/:slug',
    load: () => import('../pages/PublishedReportPage'),
    data: ({ id, date, slug }) => [apiPaths.published(id!, date!, slug!)],
  },
  {
    path: '/companies/us/:industry',
    load: () => import('../pages/IndustryPage'),
    data: ({ industry }) => [apiPaths.industryCompanies(industry!)],
  },
  {
    path: '/companies/us/:industry/:company',
    load: () => import('../pages/CompanyPage'),
    data: ({ industry, company }) => [apiPaths.company(industry!, company!)],
  },
  {
    path: '/compare/us/:industry',
    load: () => import('../pages/ComparePage'),
  },
  { path: '/account/signin', load: () => import('../pages/account/SignInPage') },
  { path: '/account/signup', load: () => import('../pages/account/SignUpPage') },
  { path: '/account/priorities', load: () => import('../pages/account/PrioritiesPage') },
  { path: '/account/settings', load: () => import('../pages/account/SettingsPage') },
  { path: '/account/reset', load: () => import('../pages/account/ResetRequestPage') },
  { path: '/account/reset/:hash', load: () => import('../pages/account/ResetPasswordPage') },
  { path: '/account/verify/:hash', load: () => import('../pages/account/VerifyPage') },
  {
    path: '/account/unsubscribe/:uid/:key',
    load: () => import('../pages/account/UnsubscribePage'),
  },
  { path: '/about', load: () => import('../pages/AboutPage') },
  { path: '/faq', load: () => import('../pages/FaqPage') },
  { path: '/contact', load: () => import('../pages/ContactPage') },
  { path: '/privacy-policy', load: () => import('../pages/PrivacyPolicyPage') },
  { path: '/terms-of-use', load: () => import('../pages/TermsPage') },
  // The API reference renderer is large: it is in this route's chunk only.
  { path: '/developers', load: () => import('../pages/DevelopersPage') },
  {
    path: '/methodology',
    load: () => import('../pages/MethodologyPage'),
    data: () => [apiPaths.methodologyExample()],
  },
  {
    path: '/widgets/companies/us/:industry',
    load: () => import('../pages/widgets/IndustryWidget'),
    data: ({ industry }) => [apiPaths.industryCompanies(industry!)],
    bare: true,
  },
  {
    path: '/widgets/reports/:id/:date/:slug',
    load: () => import('../pages/widgets/ReportWidget'),
    data: ({ id, date, slug }) => [apiPaths.published(id!, date!, slug!)],
    bare: true,
  },
];

export function matchRoute(
  pathname: string,
): { route: RouteDefinition; params: Record<string, string | undefined> } | null {
  for (const route of ROUTES) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return { route, params: match.params };
  }
  return null;
}

export function isBarePath(pathname: string): boolean {
  return pathname === '/widgets' || pathname.startsWith('/widgets/');
}
