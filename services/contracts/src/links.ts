/** The query of a paged list's page: none for the first, so a list keeps one address. */
export const listPageQuery = (page: number): string => (page > 1 ? `?page=${page}` : '');

/**
 * Paths of the web app that other parts build links to (mails, search results, reports), so a route
 * is spelled once. docs/product/spec.md#s2 routes; the account-link pages are the targets of mailed
 * links.
 */
export const WebPaths = {
  home: (): string => '/',
  reports: (): string => '/reports',
  report: (reportId: string, publishedDate: string, slug: string): string =>
    `/reports/${encodeURIComponent(reportId)}/${publishedDate}/${encodeURIComponent(slug)}`,
  industry: (industry: string): string => `/companies/us/${encodeURIComponent(industry)}`,
  company: (industry: string, companySlug: string): string =>
    `/companies/us/${encodeURIComponent(industry)}/${encodeURIComponent(companySlug)}`,
  /**
   * docs/product/rules.md#s12: two to four companies of one industry; the URL is the whole state.
   */
  compare: (industry: string, companySlugs: readonly string[]): string =>
    `/compare/us/${encodeURIComponent(industry)}?c=${companySlugs.map(encodeURIComponent).join(',')}`,
  /** A company's public corrections ledger, beside its company page; 20 a page. */
  correctionLedger: (industry: string, companySlug: string, page = 1): string =>
    `/corrections/us/${encodeURIComponent(industry)}/${encodeURIComponent(companySlug)}${listPageQuery(page)}`,
  /** The correction form for one figure or rank of a company page. */
  /** `report`: the title of the report the request starts from; the form quotes it. */
  correctionForm: (
    industry: string,
    companySlug: string,
    field: string,
    period: { period_year: number; period_qrt: number },
    report?: string,
  ): string =>
    `/corrections/request?${new URLSearchParams({
      industry,
      company: companySlug,
      field,
      period: `${period.period_year}-Q${period.period_qrt}`,
      ...(report !== undefined && { report }),
    }).toString()}`,
  adminCorrections: (page = 1): string => `/admin/corrections${listPageQuery(page)}`,
  signIn: (): string => '/account/signin',
  signUp: (): string => '/account/signup',
  priorities: (): string => '/account/priorities',
  settings: (): string => '/account/settings',
  contact: (): string => '/contact',
  /** Opened from a mail: confirms the unsubscribe with POST /api/unsubscribe { uid, key }. */
  unsubscribe: (uid: string, key: string): string =>
    `/account/unsubscribe/${encodeURIComponent(uid)}/${encodeURIComponent(key)}`,
  /** Opened from a reset mail: GET /api/validatehash/{hash}, then POST /api/resetpassword. */
  passwordReset: (hash: string): string => `/account/reset/${encodeURIComponent(hash)}`,
  /** Opened from a verification mail: POST /api/verify. */
  verify: (hash: string): string => `/account/verify/${encodeURIComponent(hash)}`,
  privacyPolicy: (): string => '/privacy-policy',
  termsOfUse: (): string => '/terms-of-use',
} as const;

/**
 * docs/product/spec.md#s2: the company path segment is the name lowercased with spaces as hyphens.
 */
export function companySlug(companyName: string): string {
  return companyName.trim().toLowerCase().replace(/\s+/g, '-');
}
