import type { PublicDataDomain } from '@upright/contracts';
import type { Answer } from '../answer-cache/answer';
import { isSharedKey } from '../answer-cache/shared-answer';
import type { PagePlan } from '../pages/app-renderer';
import { NOT_FOUND_LOCATION } from '../pages/serve-pages';
import type { KeptRoutes } from './kept-routes';

/** A request target as the edge reads it, once (decision 0049). */
export interface RequestTarget {
  path: string;
  /** '' or the query with its `?`. */
  search: string;
  /** Under `/api` in any spelling: counted by the API budget. */
  api: boolean;
  /** Under `/api` exactly as the routes are written. */
  exactApi: boolean;
}

/**
 * The target in origin-form, or null: an absolute-form target (`http://host/metrics`), `*`, or
 * one with a `#` (never sent by a browser) names no path of this site, and a path read one way
 * here and another by the router is how a check is gone around.
 */
export function parseTarget(url: string | undefined): RequestTarget | null {
  if (url === undefined || url[0] !== '/' || url.includes('#')) return null;
  const start = url.indexOf('?');
  const path = start < 0 ? url : url.slice(0, start);
  const lower = path.slice(0, 5).toLowerCase();
  const api = lower === '/api' || lower === '/api/';
  return {
    path,
    search: start < 0 ? '' : url.slice(start),
    api,
    exactApi: api && (path === '/api' || path.startsWith('/api/')),
  };
}

/** Where a request goes and how its answer is kept. */
export interface Route {
  /** What the handler is given and the answer kept under: the path, and only the query read. */
  url: string;
  /** The domain an API answer is shared between replicas under; null when it is not shared. */
  shared: PublicDataDomain | null;
  /** A web page: a location that names none is answered as the one not-found page. */
  page: boolean;
}

/** The web app's route table, as its server entry gives it (`AppRenderer`). */
export interface WebRoutes {
  canonicalLocation(url: string): string;
  plan(location: string): PagePlan;
}

/** Crawl files, share images and the built app's files: their query names nothing. */
const FILES = /^\/(sitemap\.xml|robots\.txt)$|^\/(share|assets)\//;

/**
 * Every path the BFF answers (decision 0049): the kept API routes with the query each reads, the
 * web app's pages by its own route table, the crawl files, share images and assets by their path
 * alone, and one not-found page for every location that names no page. Tracking parameters and
 * junk neither reach a handler nor make a key of their own.
 */
export class RouteTable {
  constructor(
    private readonly api: KeptRoutes,
    private readonly web: WebRoutes | null,
    private readonly assets: ReadonlyMap<string, Answer>,
  ) {}

  route(target: RequestTarget): Route {
    const url = target.path + target.search;
    if (target.api) {
      const canonical = this.api.canonical(url);
      if (canonical === null) return { url, shared: null, page: false };
      const shared = isSharedKey(canonical) ? this.api.domainOf(canonical) : null;
      return { url: canonical, shared, page: false };
    }
    if (FILES.test(target.path)) return { url: target.path, shared: null, page: false };
    if (this.web === null) return { url, shared: null, page: false };
    return { url: this.web.canonicalLocation(url), shared: null, page: true };
  }

  /**
   * The key to ask after nothing was kept under a route's URL: a page location that names no page
   * is the one not-found page's (asked of the web's route table only then, off the hot path).
   */
  keyOnMiss(route: Route): string {
    if (!route.page || this.web === null) return route.url;
    return this.web.plan(route.url).kind === 'not-found' ? NOT_FOUND_LOCATION : route.url;
  }

  /** A file of the built app, read and compressed once at start. */
  asset(path: string): Answer | undefined {
    return this.assets.get(path);
  }
}
