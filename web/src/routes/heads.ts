import {
  markdownBlocks,
  WebPaths,
  type CompanyDetail,
  type CorrectionLedger,
  type IndustryCompaniesResponse,
  type PageHead,
  type PublishedReport,
  type ReportPathParts,
} from '@upright/contracts';
import { formatPeriod } from '../lib/format';
import { matchRoute, type RouteParams, type RoutePath } from './table';

/** A page's status and head, or where it lives now (the query is the server's to keep). */
export type HeadOutcome =
  { status: 200; head: PageHead } | { status: 301; location: string } | { status: 404 };

/** What a route's head is made from. */
export interface HeadInput {
  params: RouteParams;
  /**
   * The bodies of the API answers the route's `data` lists, in its order: each a 2xx answer (null
   * for 204) or a move (`GET /api/published/…` answers 301 for a report's old address).
   */
  answers: Array<{ status: number; body: unknown }>;
  productName: string;
}

type RouteHead = (input: HeadInput) => HeadOutcome;

/**
 * A page rendered in the browser alone (it depends on who is signed in): the server sends it no
 * head, but the browser titles it from here like every other page.
 */
interface BrowserPage {
  browserTitle: string;
}

const browserPage = (title: string): BrowserPage => ({ browserTitle: title });

/** Paths of the share images (docs/product/rules.md#s13), drawn by the BFF from the data. */
export const shareImagePath = {
  report: (reportId: number): string => `/share/reports/${reportId}.png`,
  industry: (industry: string): string => `/share/industries/${encodeURIComponent(industry)}.png`,
  company: (industry: string, slug: string): string =>
    `/share/companies/${encodeURIComponent(industry)}/${encodeURIComponent(slug)}.png`,
};

/** The head of the not-found page (and of a route whose data names nothing). */
export function notFoundHead(productName: string): PageHead {
  return {
    title: `Page not found · ${productName}`,
    description: 'The page you asked for does not exist.',
    path: WebPaths.home(),
  };
}

const page = (head: PageHead): HeadOutcome => ({ status: 200, head });

/** A page whose text does not come from the data. */
function fixedPage(title: string, description: (name: string) => string, path: string): RouteHead {
  return ({ productName }) =>
    page({ title: `${title} · ${productName}`, description: description(productName), path });
}

/**
 * Each route's status and head (docs/product/rules.md#s13) as a function of its answers, or the
 * title of a page rendered in the browser alone. The one place a page's title is written: the
 * server's head and the browser's document title (routeTitle) both come from here.
 */
const ROUTE_HEADS: Record<RoutePath, RouteHead | BrowserPage> = {
  '/': ({ productName: name }) =>
    page({
      title: `${name}: company rankings by what you care about`,
      description: `${name} ranks large US companies within their industries on climate, pay, lobbying, taxes and more.`,
      path: WebPaths.home(),
      jsonLd: { '@type': 'WebSite', name, url: WebPaths.home() },
    }),
  '/reports': ({ productName }) =>
    page({
      title: `Reports · ${productName}`,
      description: `The latest rankings reports of ${productName}: which large US companies lead their industries on each issue.`,
      path: WebPaths.reports(),
    }),
  '/reports/:id/:date/:slug': reportHead,
  '/companies/us/:industry': industryHead,
  '/companies/us/:industry/:company': companyHead,
  '/compare/us/:industry': compareHead,
  '/corrections/us/:industry/:company': ledgerHead,
  '/about': fixedPage(
    'About',
    (name) =>
      `${name} ranks large US companies within their industries on the issues members care about, from public sources.`,
    '/about',
  ),
  '/faq': fixedPage(
    'FAQ',
    (name) =>
      `How ${name}'s rankings are computed, how priorities change them, and where the data comes from.`,
    '/faq',
  ),
  '/contact': fixedPage(
    'Contact',
    (name) => `Write to ${name}: questions, corrections to the data, press.`,
    WebPaths.contact(),
  ),
  '/privacy-policy': fixedPage(
    'Privacy policy',
    (name) => `What ${name} collects, why, and how to have it deleted.`,
    WebPaths.privacyPolicy(),
  ),
  '/terms-of-use': fixedPage(
    'Terms of use',
    (name) => `The terms of using ${name} and its rankings.`,
    WebPaths.termsOfUse(),
  ),
  '/developers': fixedPage(
    'Developers',
    (name) =>
      `The ${name} public read API (OpenAPI 3.1), its versioning and deprecation policy, rate limits and open-data downloads.`,
    '/developers',
  ),
  '/methodology': fixedPage(
    'Methodology',
    () =>
      `The exact ranking rules in plain words, a worked example computed live on a real industry, and the members' average priorities that weigh visitors' rankings.`,
    '/methodology',
  ),
  '/industries': fixedPage(
    'Industries',
    (name) =>
      `Every industry ${name} ranks, with how many companies and issues each covers: pick one to see its ranking or compare its companies.`,
    '/industries',
  ),
  '/accessibility': fixedPage(
    'Accessibility statement',
    (name) => `How ${name} aims at WCAG 2.2 AA, how it is tested, and the gaps we know of.`,
    '/accessibility',
  ),
  '/account/signin': browserPage('Sign in'),
  '/account/signup': browserPage('Join'),
  '/account/priorities': browserPage('Your priorities'),
  '/account/settings': browserPage('Account settings'),
  '/account/reset': browserPage('Reset your password'),
  '/account/reset/:hash': browserPage('Choose a new password'),
  '/account/verify/:hash': browserPage('Verify your account'),
  '/account/unsubscribe/:uid/:key': browserPage('Unsubscribe'),
  // Corrections: the form and the admins' queue (a company's ledger is public).
  '/corrections/request': browserPage('Request a correction'),
  '/admin/corrections': browserPage('Correction requests'),
  '/admin/data': browserPage('Data desk'),
  '/admin/data/log': browserPage('Data desk log'),
  '/admin/data/preview/:industry': browserPage('Draft preview'),
  // A widget's canonical address is its full page's: the same ranking, indexed once.
  '/widgets/companies/us/:industry': industryHead,
  '/widgets/reports/:id/:date/:slug': reportWidgetHead,
};

/** The head a route's page is served with; null for a page rendered in the browser alone. */
export function serverHead(path: RoutePath): RouteHead | null {
  const entry = ROUTE_HEADS[path];
  return typeof entry === 'function' ? entry : null;
}

/**
 * The document title of the page at `pathname`, as the server titles it: from the bodies of the
 * answers its route's `data` lists (null for 204), or null while they are not all in or when they
 * name no page here (its not-found page or the page it moved to titles the document instead).
 */
export function routeTitle(
  pathname: string,
  bodies: readonly unknown[] | null,
  productName: string,
): string | null {
  const match = matchRoute(pathname);
  if (match === null) return notFoundHead(productName).title;
  const entry = ROUTE_HEADS[match.route.path];
  if (typeof entry !== 'function') return `${entry.browserTitle} · ${productName}`;
  if (bodies === null) return null;
  const answers = bodies.map((body) => ({ status: body === null ? 204 : 200, body }));
  const outcome = entry({ params: match.params, answers, productName });
  return outcome.status === 200 ? outcome.head.title : null;
}

/** An old report address moves to the widget of the report's current one. */
function reportWidgetHead(input: HeadInput): HeadOutcome {
  const outcome = reportHead(input);
  return outcome.status === 301 ? { ...outcome, location: `/widgets${outcome.location}` } : outcome;
}

function reportHead({ answers: [answer], productName }: HeadInput): HeadOutcome {
  if (answer.status === 301) {
    const { report_id, published_date, slug } = (answer.body as { canonical: ReportPathParts })
      .canonical;
    return { status: 301, location: WebPaths.report(String(report_id), published_date, slug) };
  }
  const published = answer.body as PublishedReport;
  const { report } = published;
  const blocks = markdownBlocks(report.report ?? '');
  const summary = blocks.find((block) => block.kind === 'paragraph')?.text ?? report.title;
  return page({
    title: `${report.title} · ${productName}`,
    description: clip(summary),
    path: published.canonical,
    image: shareImagePath.report(report.report_id),
    type: 'article',
    jsonLd: {
      '@type': 'Dataset',
      name: report.title,
      description: clip(summary, 5000),
      url: published.canonical,
      datePublished: report.published_date,
      temporalCoverage: quarterInterval(report),
      creator: { '@type': 'Organization', name: productName },
    },
  });
}

function industryHead({ params, answers: [answer], productName }: HeadInput): HeadOutcome {
  const industry = params.industry!;
  const data = answer.body as IndustryCompaniesResponse;
  const text = data.industryResult.industry_text;
  const description = `${text}: large US companies ranked on the issues members care about${data.period ? `, ${formatPeriod(data.period)}` : ''}. ${data.industryResult.definition}`;
  return page({
    title: `${text} rankings · ${productName}`,
    description: clip(description),
    path: WebPaths.industry(industry),
    image: shareImagePath.industry(industry),
    jsonLd: {
      '@type': 'Dataset',
      name: `${text} rankings`,
      description: clip(description, 5000),
      url: WebPaths.industry(industry),
      ...(data.period ? { temporalCoverage: quarterInterval(data.period) } : {}),
      creator: { '@type': 'Organization', name: productName },
    },
  });
}

/** The comparison's choice is in its query: one canonical page per industry. */
function compareHead({ params, answers: [answer], productName }: HeadInput): HeadOutcome {
  const industry = params.industry!;
  const text = (answer.body as IndustryCompaniesResponse).industryResult.industry_text;
  return page({
    title: `Compare ${text} companies · ${productName}`,
    description: clip(
      `${text}: two to four companies side by side, their ranks on each issue, the figures behind them with their sources, and their history.`,
    ),
    path: `/compare/us/${encodeURIComponent(industry)}`,
    image: shareImagePath.industry(industry),
  });
}

function ledgerHead({ params, answers: [answer], productName }: HeadInput): HeadOutcome {
  const ledger = answer.body as CorrectionLedger;
  const industry = params.industry!;
  // Another spelling moves to the first page's path (the server keeps the query: its page).
  if (params.company !== ledger.company.slug) {
    return { status: 301, location: WebPaths.correctionLedger(industry, ledger.company.slug) };
  }
  const pageNumber = ledger.page.page;
  const name = ledger.company.company_name;
  return page({
    title: `Corrections to ${name} · ${productName}`,
    description: clip(
      `Every correction requested to ${name}'s data: when it was asked and resolved, what changed and why. Requests are acknowledged at once and resolved within ${ledger.promise_days} days.`,
    ),
    // Each page of the ledger (the one its data was asked for) is its own canonical address.
    path: WebPaths.correctionLedger(industry, ledger.company.slug, pageNumber),
  });
}

function companyHead({ params, answers: [answer], productName }: HeadInput): HeadOutcome {
  // 204: the industry has no such company.
  const detail = answer.body as CompanyDetail | null;
  if (detail === null) return { status: 404 };
  const industry = params.industry!;
  const path = WebPaths.company(industry, detail.slug);
  if (params.company !== detail.slug) return { status: 301, location: path };
  const where =
    detail.industryList.find((item) => item.industry === industry)?.industry_text ?? industry;
  const ranks = detail.ranks;
  const description = ranks
    ? `${detail.company_name} ranks ${ranks.arank} of ${ranks.lowestRank} in ${where} (${formatPeriod(ranks.period)}) on the issues members care about.`
    : `${detail.company_name} in ${where}: how it does on the issues members care about.`;
  return page({
    title: `${detail.company_name} · ${productName}`,
    description,
    path,
    image: shareImagePath.company(industry, detail.slug),
    type: 'profile',
    jsonLd: organization(detail, path),
  });
}

/** Meta descriptions are shown cut at about 160 characters; cut at a word. */
function clip(text: string, max = 160): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** schema.org's time interval of a quarter, e.g. 2026-01/2026-03. */
function quarterInterval(value: { period_year: number; period_qrt: number }): string {
  const first = (value.period_qrt - 1) * 3 + 1;
  const month = (m: number) => String(m).padStart(2, '0');
  return `${value.period_year}-${month(first)}/${value.period_year}-${month(first + 2)}`;
}

function organization(detail: CompanyDetail, path: string): Record<string, unknown> {
  const hq = detail.headquarters;
  return {
    '@type': 'Organization',
    name: detail.company_name,
    url: path,
    ...(detail.brands.length > 0
      ? { brand: detail.brands.map((name) => ({ '@type': 'Brand', name })) }
      : {}),
    ...(hq?.city || hq?.state
      ? {
          address: {
            '@type': 'PostalAddress',
            addressLocality: hq.city ?? undefined,
            addressRegion: hq.state ?? undefined,
            addressCountry: 'US',
          },
        }
      : {}),
  };
}
