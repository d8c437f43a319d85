import type { ComponentType } from 'react';
import type { RoutePath } from './table';

type PageModule = { default: ComponentType };

/**
 * The page of every route, one lazily loaded chunk each. Apart from the route table because the
 * link prefetcher reads the table and every page reaches the prefetcher through its links: were the
 * pages imported there, each page would import itself around a cycle.
 */
export const PAGES: Record<RoutePath, () => Promise<PageModule>> = {
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
  '/corrections/request': () => import('../pages/corrections/CorrectionRequestPage'),
  '/corrections/us/:industry/:company': () => import('../pages/corrections/CorrectionLedgerPage'),
  '/admin/corrections': () => import('../pages/corrections/AdminCorrectionsPage'),
  '/widgets/companies/us/:industry': () => import('../pages/widgets/IndustryWidget'),
  '/widgets/reports/:id/:date/:slug': () => import('../pages/widgets/ReportWidget'),
};
