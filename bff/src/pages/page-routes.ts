import { correctionPageOf, SLUG_PATTERN } from '@upright/contracts';

/** Pages whose text does not come from the data. */
export type StaticPageName =
  | 'about'
  | 'faq'
  | 'contact'
  | 'privacy'
  | 'terms'
  | 'developers'
  | 'methodology'
  | 'industries'
  | 'accessibility';

/**
 * The web app's routes as the server sees them (docs/product/spec.md#s2; the web's
 * `routes/table.ts` holds the components): public pages it renders with their data, and pages left
 * to the browser (account pages and widgets).
 */
export type PageRoute =
  | { kind: 'home' }
  | { kind: 'reports' }
  | { kind: 'report'; id: string; date: string; slug: string }
  | { kind: 'industry'; industry: string }
  | { kind: 'compare'; industry: string }
  | { kind: 'ledger'; industry: string; company: string; page: number }
  | { kind: 'company'; industry: string; company: string }
  | { kind: 'static'; page: StaticPageName }
  | { kind: 'client' };

export const STATIC_PAGES: Record<string, StaticPageName> = {
  '/about': 'about',
  '/faq': 'faq',
  '/contact': 'contact',
  '/privacy-policy': 'privacy',
  '/terms-of-use': 'terms',
  '/developers': 'developers',
  '/methodology': 'methodology',
  '/industries': 'industries',
  '/accessibility': 'accessibility',
};

const CLIENT_PAGES = [
  /^\/account\/(signin|signup|priorities|settings|reset)$/,
  /^\/account\/(reset|verify)\/[^/]+$/,
  /^\/account\/unsubscribe\/[^/]+\/[^/]+$/,
  /^\/widgets\/companies\/us\/[^/]+$/,
  /^\/widgets\/reports\/[^/]+\/[^/]+\/[^/]+$/,
  // Corrections (issue 15): the form and the admins' queue (a company's ledger is public).
  /^\/corrections\/request$/,
  /^\/admin\/corrections$/,
];

/**
 * The route of a path, or null when no page lives there (a 404). Only the ledger reads the query:
 * its `?page=` is part of what it shows, and a malformed one names no page (issue 25).
 */
export function matchPage(pathname: string, query = new URLSearchParams()): PageRoute | null {
  if (pathname === '/') return { kind: 'home' };
  if (pathname === '/reports') return { kind: 'reports' };
  if (pathname in STATIC_PAGES) return { kind: 'static', page: STATIC_PAGES[pathname] };
  if (CLIENT_PAGES.some((pattern) => pattern.test(pathname))) return { kind: 'client' };
  const parts = segments(pathname);
  if (parts === null) return null;
  if (parts[0] === 'reports' && parts.length === 4) {
    return { kind: 'report', id: parts[1], date: parts[2], slug: parts[3] };
  }
  if (parts[0] === 'compare' && parts[1] === 'us' && parts.length === 3) {
    if (SLUG_PATTERN.test(parts[2])) return { kind: 'compare', industry: parts[2] };
  }
  if (parts[0] === 'corrections' && parts[1] === 'us' && parts.length === 4) {
    const page = correctionPageOf(query.get('page'));
    if (SLUG_PATTERN.test(parts[2]) && page !== null) {
      return { kind: 'ledger', industry: parts[2], company: parts[3], page };
    }
  }
  if (parts[0] === 'companies' && parts[1] === 'us' && SLUG_PATTERN.test(parts[2] ?? '')) {
    if (parts.length === 3) return { kind: 'industry', industry: parts[2] };
    if (parts.length === 4) return { kind: 'company', industry: parts[2], company: parts[3] };
  }
  return null;
}

/**
 * Where a path that names a page in another spelling lives (a trailing slash, capitals in an
 * industry or company path), for a 301; null when the path is already the canonical one.
 */
export function canonicalPath(pathname: string): string | null {
  let path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (/^\/(companies|compare|corrections)\//i.test(path)) path = path.toLowerCase();
  if (path === pathname || path === '') return null;
  return matchPage(path) === null ? null : path;
}

/** Decoded path segments; null when one is not valid percent-encoding. */
function segments(pathname: string): string[] | null {
  try {
    return pathname.slice(1).split('/').map(decodeURIComponent);
  } catch {
    return null;
  }
}

/**
 * Whether a page's bytes are kept for the next visitor (per `data` version). A corrections ledger
 * changes with every request and decision, which move no data version: it is rendered per view.
 */
export function isKeptPage(route: PageRoute): boolean {
  return route.kind !== 'ledger';
}
