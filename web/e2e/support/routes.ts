import { sampleTargets } from './data';

/** The routes the e2e routes test walks and the screenshots script saves (web/e2e/screens.ts). */
export const ROUTE_NAMES = [
  'home',
  'reports',
  'report',
  'industry',
  'company',
  'compare',
  'signin',
  'signup',
  'reset-request',
  'about',
  'faq',
  'methodology',
  'contact',
  'privacy-policy',
  'terms-of-use',
  'widget-industry',
  'widget-report',
  'reset-link',
  'verify-link',
  'unsubscribe-link',
  'correction-form',
  'corrections-ledger',
  'industries',
  'accessibility',
  'not-found',
] as const;
export type RouteName = (typeof ROUTE_NAMES)[number];

/** Every route of docs/product/spec.md#s2 with real sample-data parameters, as a visitor. */
export async function routePaths(): Promise<Record<RouteName, string>> {
  const { industry, company, compareSlugs, reportPath } = await sampleTargets();
  if (!reportPath) throw new Error('no report in /api/reports/latest/1');
  return {
    home: '/',
    reports: '/reports',
    report: reportPath,
    industry: `/companies/us/${industry}`,
    company: `/companies/us/${company.industry}/${company.slug}`,
    compare: `/compare/us/${industry}?c=${compareSlugs.join(',')}`,
    signin: '/account/signin',
    signup: '/account/signup',
    'reset-request': '/account/reset',
    about: '/about',
    faq: '/faq',
    // With the crowd's weights: hidden until enough members are weighted.
    methodology: '/methodology',
    contact: '/contact',
    'privacy-policy': '/privacy-policy',
    'terms-of-use': '/terms-of-use',
    'widget-industry': `/widgets/companies/us/${industry}`,
    'widget-report': `/widgets${reportPath}`,
    // The mailed-link pages with links that are not valid (their error states).
    'reset-link': `/account/reset/${'x'.repeat(43)}`,
    'verify-link': `/account/verify/${'x'.repeat(43)}`,
    'unsubscribe-link': '/account/unsubscribe/no-such-member/no-such-key',
    // A figure's correction form and the company's ledger.
    'correction-form': `/corrections/request?industry=${company.industry}&company=${encodeURIComponent(company.slug)}&field=climate_score&period=2020-Q1`,
    'corrections-ledger': `/corrections/us/${company.industry}/${company.slug}`,
    industries: '/industries',
    accessibility: '/accessibility',
    'not-found': '/no-such-page',
  };
}
