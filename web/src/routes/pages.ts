import { lazy, type ComponentType } from 'react';
import type { RoutePath } from './table';

type PageModule = { default: ComponentType };

/**
 * The page of every route, one lazily loaded chunk each. Apart from the route table because the
 * link prefetcher reads the table and every page reaches the prefetcher through its links: were the
 * pages imported there, each page would import itself around a cycle.
 */
const PAGE_IMPORTS: Record<RoutePath, () => Promise<PageModule>> = {
  '/': () => import('../pages/HomePage'),
  '/reports': () => import('../pages/ReportsPage'),
  '/reports/:id/:date/:slug': () => import('../pages/PublishedReportPage'),
  '/companies/us/:industry': () => import('../pages/IndustryPage'),
  '/companies/us/:industry/:company': () => import('../pages/CompanyPage'),
  '/compare/us/:industry': () => import('../pages/ComparePage'),
  '/account/signin': () => import('../pages/account/SignInPage'),
  '/account/signup': () => import('../pages/account/SignUpPage'),
  '/account/priorities': () => import('../pages/account/PrioritiesPage'),
  '/account/settings': () => import('../pages/account/SettingsPage'),
  '/account/reset': () => import('../pages/account/ResetRequestPage'),
  '/account/reset/:hash': () => import('../pages/account/ResetPasswordPage'),
  '/account/verify/:hash': () => import('../pages/account/VerifyPage'),
  '/account/unsubscribe/:uid/:key': () => import('../pages/account/UnsubscribePage'),
  '/about': () => import('../pages/AboutPage'),
  '/faq': () => import('../pages/FaqPage'),
  '/contact': () => import('../pages/ContactPage'),
  '/privacy-policy': () => import('../pages/PrivacyPolicyPage'),
  '/terms-of-use': () => import('../pages/TermsPage'),
  // The API reference renderer is large: it is in this route's chunk only.
  '/developers': () => import('../pages/DevelopersPage'),
  '/methodology': () => import('../pages/MethodologyPage'),
  '/industries': () => import('../pages/IndustriesPage'),
  '/accessibility': () => import('../pages/AccessibilityPage'),
  '/corrections/request': () => import('../pages/corrections/CorrectionRequestPage'),
  '/corrections/us/:industry/:company': () => import('../pages/corrections/CorrectionLedgerPage'),
  '/admin/corrections': () => import('../pages/corrections/AdminCorrectionsPage'),
  '/admin/data': () => import('../pages/data-desk/DataDeskPage'),
  '/admin/data/log': () => import('../pages/data-desk/DeskLogPage'),
  '/admin/data/preview/:industry': () => import('../pages/data-desk/DraftPreviewPage'),
  '/widgets/companies/us/:industry': () => import('../pages/widgets/IndustryWidget'),
  '/widgets/reports/:id/:date/:slug': () => import('../pages/widgets/ReportWidget'),
};

/** A page's chunk: loaded ahead (prefetch, before adopting a server-made page) or when shown. */
export interface PageChunk {
  load(): Promise<PageModule>;
  /**
   * The page as a component: itself once its chunk is in, lazy before. A lazy component waits a
   * tick on its first render even when its chunk is in; while a server-made page waits like that,
   * an update from above (the loader, a media query) makes React drop the server's HTML and draw
   * the page again (React error 421, decision 0039).
   */
  component(): ComponentType;
}

function pageChunk(importPage: () => Promise<PageModule>): PageChunk {
  let loaded: ComponentType | null = null;
  const load = () =>
    importPage().then((module) => {
      loaded = module.default;
      return module;
    });
  return { load, component: () => loaded ?? lazy(load) };
}

export const PAGES = Object.fromEntries(
  Object.entries(PAGE_IMPORTS).map(([path, importPage]) => [path, pageChunk(importPage)]),
) as Record<RoutePath, PageChunk>;

/** The page for an address no route matches. */
export const NOT_FOUND_PAGE = pageChunk(() => import('../pages/NotFoundPage'));
