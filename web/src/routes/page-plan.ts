import type { PageHead } from '@upright/contracts';
import { notFoundHead, serverHead } from './heads';
import { matchRoute, ROUTES } from './table';

/**
 * What the server does with a location before reading any data (decision 0049): cheap, so the BFF
 * asks it before it spends a render.
 */
export type PagePlan =
  /** Another spelling of a page (a trailing slash, capitals): 301 to its canonical path. */
  | { kind: 'moved'; location: string }
  /** No page lives here: the one not-found page (404). */
  | { kind: 'not-found' }
  /** A page rendered in the browser alone (account pages): the bare app. */
  | { kind: 'browser' }
  /** A public page rendered on the server; `kept`: its bytes are kept per data version. */
  | { kind: 'rendered'; kept: boolean };

/** A page's status and head from its answers, where it moved, or why it cannot be told. */
export type PageDecision =
  | { kind: 'page'; status: 200 | 404; head: PageHead }
  | { kind: 'moved'; location: string }
  | { kind: 'browser' }
  /** An answer could not be read (a service away, a time-out): the page cannot be made now. */
  | { kind: 'unavailable'; status: number; retryAfter: string | null };

/** An API answer as the server read it. */
export interface PageAnswer {
  status: number;
  /** The parsed JSON; null for none (204). */
  body: unknown;
  retryAfter: string | null;
}

/** The public pages at a fixed address (no parameter), for the sitemap. */
export const FIXED_PUBLIC_PATHS: readonly string[] = ROUTES.filter(
  (route) => !route.path.includes(':') && serverHead(route.path) !== null,
).map((route) => route.path);

export function planPage(location: string): PagePlan {
  const { pathname, search, query } = parts(location);
  const respelt = canonicalPath(pathname);
  if (respelt !== null) return { kind: 'moved', location: respelt + search };
  const match = matchPage(pathname, query);
  if (match === null) return { kind: 'not-found' };
  if (serverHead(match.route.path) === null) return { kind: 'browser' };
  return { kind: 'rendered', kept: match.route.kept !== false };
}

/**
 * The status and head of the page at `location` (docs/product/rules.md#s13), from the answers its
 * route's `data` lists, read with `read`. An answer of 404 or 400 (its parameters name nothing)
 * makes the page a 404; a move keeps the location's query (a ledger's page, the search bar's).
 */
export async function decidePage(
  location: string,
  read: (path: string) => Promise<PageAnswer>,
  productName: string,
): Promise<PageDecision> {
  const plan = planPage(location);
  if (plan.kind === 'moved' || plan.kind === 'browser') return plan;
  const notFound = { kind: 'page', status: 404, head: notFoundHead(productName) } as const;
  const { pathname, search, query } = parts(location);
  const match = plan.kind === 'not-found' ? null : matchPage(pathname, query);
  const head = match && serverHead(match.route.path);
  if (!match || !head) return notFound;
  const answers = await Promise.all((match.route.data?.(match.params, query) ?? []).map(read));
  if (answers.some((answer) => answer.status === 404 || answer.status === 400)) return notFound;
  const failed = answers.find((answer) => !isAnswer(answer.status));
  if (failed !== undefined) {
    const status = failed.status >= 500 ? failed.status : 503;
    return { kind: 'unavailable', status, retryAfter: failed.retryAfter };
  }
  const outcome = head({ params: match.params, answers, productName });
  if (outcome.status === 301) return { kind: 'moved', location: outcome.location + search };
  if (outcome.status === 404) return notFound;
  return { kind: 'page', status: 200, head: outcome.head };
}

/** A body the head reads: a success, or a move (`GET /api/published/…` of an old address). */
function isAnswer(status: number): boolean {
  return (status >= 200 && status < 300) || status === 301;
}

/**
 * The route of a path as the server names pages: exactly spelt (case, no trailing slash) and with
 * parameters the route accepts; null when no page lives there.
 */
function matchPage(pathname: string, query: URLSearchParams) {
  if (pathname.length > 1 && pathname.endsWith('/')) return null;
  const match = matchRoute(pathname, true);
  if (match === null) return null;
  return match.route.accepts?.(match.params, query) === false ? null : match;
}

/**
 * Where a path that names a page in another spelling lives (a trailing slash, capitals in an
 * industry, comparison or ledger path), for a 301; null when the path is already the canonical
 * one, or no spelling of it names a page.
 */
export function canonicalPath(pathname: string): string | null {
  let path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (/^\/(companies|compare|corrections)\//i.test(path)) path = path.toLowerCase();
  if (path === pathname || path === '') return null;
  return matchPage(path, new URLSearchParams()) === null ? null : path;
}

function parts(location: string) {
  const start = location.indexOf('?');
  const pathname = start < 0 ? location : location.slice(0, start);
  const search = start < 0 ? '' : location.slice(start);
  return { pathname, search, query: new URLSearchParams(search) };
}
