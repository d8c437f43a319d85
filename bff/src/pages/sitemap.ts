import {
  Patterns,
  REPORT_SEARCH_DOCUMENTS_LIMIT_MAX,
  SEARCH_DOCUMENTS_MAX_PAGE,
  WebPaths,
  type CompanySearchDocument,
  type IndustrySearchDocument,
  type ReportSearchDocument,
  type SearchDocumentsPage,
} from '@upright/contracts';
import type { ServiceClient } from '@upright/platform';
import { escapeHtml } from '../shared/escape-html';

/** One public page of the sitemap; `lastmod` (YYYY-MM-DD) when the data says when it changed. */
export interface SitemapEntry {
  path: string;
  lastmod: string | null;
}

export interface SiteData {
  industries: IndustrySearchDocument[];
  companies: CompanySearchDocument[];
  reports: ReportSearchDocument[];
}

/**
 * Every public page (docs/product/rules.md#s13): the pages at a fixed address (`fixedPaths`, from
 * the web's route table: home, the reports list, the pages of fixed text), every active industry,
 * every company in each active industry it is ranked in (and its corrections ledger), every
 * report.
 */
export function sitemapEntries(data: SiteData, fixedPaths: readonly string[]): SitemapEntry[] {
  const active = new Set(data.industries.map((industry) => industry.id));
  const industryUpdated = new Map<string, string | null>();
  const companies: SitemapEntry[] = [];
  for (const company of data.companies) {
    for (const industry of company.industries.filter((id) => active.has(id))) {
      companies.push({ path: WebPaths.company(industry, company.slug), lastmod: company.updated });
      companies.push({ path: WebPaths.correctionLedger(industry, company.slug), lastmod: null });
      industryUpdated.set(industry, latest(industryUpdated.get(industry) ?? null, company.updated));
    }
  }
  const industries = data.industries.map((industry) => ({
    path: WebPaths.industry(industry.id),
    lastmod: industryUpdated.get(industry.id) ?? null,
  }));
  const reports = data.reports.map((report) => ({
    path: WebPaths.report(report.id, report.published_date, report.slug),
    lastmod: report.published_date,
  }));
  const newestReport = reports.reduce<string | null>(
    (at, entry) => latest(at, entry.lastmod),
    null,
  );
  const newest = [...industries, ...companies].reduce(
    (at, entry) => latest(at, entry.lastmod),
    newestReport,
  );
  // Home shows the newest of everything, the reports list the newest report.
  const dated = new Map([
    [WebPaths.home(), newest],
    [WebPaths.reports(), newestReport],
  ]);
  const fixed = fixedPaths.map((path) => ({ path, lastmod: dated.get(path) ?? null }));
  return [...fixed, ...industries, ...companies, ...reports];
}

function latest(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  return b !== null && b > a ? b : a;
}

export function sitemapXml(entries: SitemapEntry[], publicUrl: string): string {
  const urls = entries.map(
    ({ path, lastmod }) =>
      `<url><loc>${escapeHtml(publicUrl + path)}</loc>${lastmod === null ? '' : `<lastmod>${lastmod}</lastmod>`}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Crawlers may read every page but the account pages and the API; the sitemap lists them. */
export function robotsTxt(publicUrl: string): string {
  return `User-agent: *\nDisallow: /account/\nDisallow: /api/\nSitemap: ${publicUrl}/sitemap.xml\n`;
}

/** The site's industries, companies and reports, paged from their owners over the transport. */
export async function siteData(services: ServiceClient): Promise<SiteData> {
  const [industries, companies, reports] = await Promise.all([
    rankingsDocuments(services, 'industries') as Promise<IndustrySearchDocument[]>,
    rankingsDocuments(services, 'companies') as Promise<CompanySearchDocument[]>,
    reportDocuments(services),
  ]);
  return { industries, companies, reports };
}

async function rankingsDocuments(services: ServiceClient, app: 'companies' | 'industries') {
  const documents: Array<CompanySearchDocument | IndustrySearchDocument> = [];
  let after: string | null = null;
  do {
    const page: SearchDocumentsPage<typeof app> = await services.request(
      Patterns.rankings.searchDocuments,
      { app, after, limit: SEARCH_DOCUMENTS_MAX_PAGE },
    );
    documents.push(...page.documents);
    after = page.next;
  } while (after !== null);
  return documents;
}

async function reportDocuments(services: ServiceClient): Promise<ReportSearchDocument[]> {
  const documents: ReportSearchDocument[] = [];
  for (;;) {
    const after = documents.at(-1)?.id;
    const page = await services.request(Patterns.reports.searchDocuments, {
      ...(after === undefined ? {} : { after }),
      limit: REPORT_SEARCH_DOCUMENTS_LIMIT_MAX,
    });
    documents.push(...page);
    if (page.length < REPORT_SEARCH_DOCUMENTS_LIMIT_MAX) return documents;
  }
}
