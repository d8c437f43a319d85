import { correctionPageOf, SLUG_PATTERN } from '@upright/contracts';
import { matchPath } from 'react-router-dom';
import { apiPaths } from '../api/endpoints';
import { SEARCH_QUERY } from '../search/url-state';

export type RouteParams = Record<string, string | undefined>;

export interface RouteDefinition {
  path: string;
  /**
   * API GETs the page makes first: fetched ahead by the link prefetcher (without a query), and
   * read by the server before it renders, for the page's status and head (routes/heads.ts).
   */
  data?: (params: RouteParams, query: URLSearchParams) => string[];
  /** `/widgets/…`: bare layout, no header or footer. */
  bare?: boolean;
  /**
   * The query parameters the page reads (a name ending in `*`: every name so begun), besides the
   * layout's search bar's. The server keeps and renders a page under its path and these alone
   * (decision 0049): others (`utm_*`, `fbclid`, junk) get the same kept page.
   */
  query?: readonly string[];
  /**
   * Whether the parameters name a page at all: a location this refuses is the not-found page
   * (404) without asking for any data.
   */
  accepts?: (params: RouteParams, query: URLSearchParams) => boolean;
  /**
   * false: the server renders the page per view and never keeps its bytes (its data changes with
   * no data version, docs/product/rules.md#s11, or its headers differ from kept pages').
   */
  kept?: false;
}

/** Industry paths name an industry by its slug; anything else names no page. */
const industrySlug = ({ industry }: RouteParams) => SLUG_PATTERN.test(industry ?? '');

/**
 * Every route of docs/product/spec.md#s2, the mailed-link pages of WebPaths and the widgets
 * (docs/product/rules.md#s6); each route's page is in routes/pages.ts.
 */
export const ROUTES = [
  {
    path: '/',
    data: () => [apiPaths.facts(), apiPaths.featured(1), apiPaths.latest(1)],
  },
  {
    path: '/reports',
    data: () => [apiPaths.latest(1)],
    query: ['page'],
  },
  {
    path: '/reports/:id/:date/:slug',
    data: ({ id, date, slug }) => [apiPaths.published(id!, date!, slug!)],
  },
  {
    path: '/companies/us/:industry',
    data: ({ industry }) => [apiPaths.industryCompanies(industry!)],
    query: ['sort', 'dir', 'q'],
    accepts: industrySlug,
  },
  {
    path: '/companies/us/:industry/:company',
    data: ({ industry, company }) => [apiPaths.company(industry!, company!)],
    accepts: industrySlug,
  },
  {
    path: '/compare/us/:industry',
    data: ({ industry }) => [apiPaths.industryCompanies(industry!)],
    query: ['c'],
    accepts: industrySlug,
  },
  { path: '/account/signin', query: ['next'] },
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
  { path: '/contact', query: ['report', 'path'] },
  { path: '/privacy-policy' },
  { path: '/terms-of-use' },
  // The downloads come first on the page: one pair of files per industry of the site's facts.
  { path: '/developers', data: () => [apiPaths.facts()] },
  { path: '/corrections/request', query: ['industry', 'company', 'field', 'period'] },
  {
    path: '/corrections/us/:industry/:company',
    // Each page of the ledger is its own page; a malformed `?page=` names none.
    data: ({ industry, company }, query) => [
      apiPaths.correctionLedger(industry!, company!, correctionPageOf(query.get('page')) ?? 1),
    ],
    query: ['page'],
    accepts: (params, query) =>
      industrySlug(params) && correctionPageOf(query.get('page')) !== null,
    kept: false,
  },
  { path: '/admin/corrections', query: ['page'] },
  // The editors' desk (decision 0077): admins' pages, rendered in the browser alone.
  { path: '/admin/data' },
  {
    path: '/admin/data/log',
    query: ['page'],
    accepts: (_params, query) => correctionPageOf(query.get('page')) !== null,
  },
  { path: '/admin/data/preview/:industry', accepts: industrySlug },
  { path: '/methodology', data: () => [apiPaths.methodologyExample(), apiPaths.crowd()] },
  // Decision 0056: the industries index and the accessibility statement.
  { path: '/industries', data: () => [apiPaths.facts()] },
  { path: '/accessibility' },
  // Widgets are rendered on the server, so a framing site shows the ranking before the bundle
  // loads, but per view: the edge sends kept bytes with this site's framing headers, and widgets
  // must be framable by any site (docs/product/rules.md#s13).
  {
    path: '/widgets/companies/us/:industry',
    data: ({ industry }) => [apiPaths.industryCompanies(industry!)],
    accepts: industrySlug,
    bare: true,
    kept: false,
  },
  {
    path: '/widgets/reports/:id/:date/:slug',
    data: ({ id, date, slug }) => [apiPaths.published(id!, date!, slug!)],
    bare: true,
    kept: false,
  },
] as const satisfies readonly RouteDefinition[];

export type RoutePath = (typeof ROUTES)[number]['path'];

/**
 * The route of a path and its decoded parameters, as the app's router matches it (capitals and a
 * trailing slash allowed unless `caseSensitive`, which is how the server names pages); null for
 * no route, or a segment that is not valid percent-encoding.
 */
export function matchRoute(
  pathname: string,
  caseSensitive = false,
): {
  route: RouteDefinition & { path: RoutePath };
  params: RouteParams;
} | null {
  const decoded = decodedPath(pathname);
  if (decoded === null) return null;
  for (const route of ROUTES_BY_FIRST_SEGMENT.get(firstSegment(decoded)) ?? []) {
    const match = matchPath({ path: route.path, caseSensitive, end: true }, decoded);
    if (match) return { route, params: match.params };
  }
  return null;
}

/**
 * Every route begins with a fixed segment: only the routes of a path's first segment are tried
 * (in the table's order). matchPath compiles its pattern on each call, and the edge asks this for
 * every page request that carries a query (decision 0049).
 */
const ROUTES_BY_FIRST_SEGMENT = ROUTES.reduce((groups, route) => {
  const first = firstSegment(route.path);
  groups.set(first, [...(groups.get(first) ?? []), route]);
  return groups;
}, new Map<string, Array<(typeof ROUTES)[number]>>());

/** Lower case: routes match in any case unless asked to be exact (matchPath decides that). */
function firstSegment(pathname: string): string {
  return (pathname.split('/', 2)[1] ?? '').toLowerCase();
}

/** Each segment decoded as React Router decodes it (an encoded `/` stays in its segment). */
function decodedPath(pathname: string): string | null {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return null;
  }
}

/** How many paths' query parameters `queryReadAt` keeps (then it starts again). */
const PATHS_KEPT = 1_000;
const queryReadByPath = new Map<string, readonly string[] | null>();

/**
 * The query parameters the route of `pathname` reads (null: no route), kept per path: a shared
 * link's query is new with every visitor, its path is not, and matching a path compiles each
 * candidate route's pattern again.
 */
function queryReadAt(pathname: string): readonly string[] | null {
  let read = queryReadByPath.get(pathname);
  if (read === undefined) {
    const matched = matchRoute(pathname);
    read =
      matched === null
        ? null
        : [...(matched.route.bare ? [] : SEARCH_QUERY), ...(matched.route.query ?? [])];
    if (queryReadByPath.size >= PATHS_KEPT) queryReadByPath.clear();
    queryReadByPath.set(pathname, read);
  }
  return read;
}

/**
 * A location as the server keeps and renders it (decision 0049): the path and only the query
 * parameters its route reads, in the route's order. A path of no route is left as it is.
 */
export function canonicalLocation(location: string): string {
  const start = location.indexOf('?');
  if (start < 0) return location;
  const pathname = location.slice(0, start);
  const read = queryReadAt(pathname);
  if (read === null) return location;
  const given = new URLSearchParams(location.slice(start + 1));
  const kept = new URLSearchParams();
  for (const declared of read) {
    const names = declared.endsWith('*')
      ? [...new Set(given.keys())].filter((name) => name.startsWith(declared.slice(0, -1))).sort()
      : [declared];
    for (const name of names) for (const value of given.getAll(name)) kept.append(name, value);
  }
  const search = kept.toString();
  return search === '' ? pathname : `${pathname}?${search}`;
}

/** Bare pages: no header or footer, and the only pages other sites may frame (the BFF asks too). */
export function isBarePath(pathname: string): boolean {
  return pathname === '/widgets' || pathname.startsWith('/widgets/');
}
