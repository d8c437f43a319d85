import type { PlausibleRequestPayload } from '@plausible-analytics/tracker';
import { ANALYTICS_TAG, type AnalyticsSettings } from '@upright/contracts';
import type { RoutePath } from '../routes/table';

/**
 * The pages opened from a mail: their paths carry the mail's secret (a reset or verification
 * code, an unsubscribe key), so analytics see the route, never the path (decision 0045).
 */
const MAILED_LINK_ROUTES = [
  '/account/reset/:hash',
  '/account/verify/:hash',
  '/account/unsubscribe/:uid/:key',
] as const satisfies readonly RoutePath[];

/**
 * The path analytics may see: a mailed link's route pattern in place of its codes. Compared the
 * way the router matches (any case, escapes decoded, repeated slashes), so no other spelling of
 * a link slips through.
 */
export function redactedPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: compared as written.
  }
  const normalized = decoded.toLowerCase().replace(/\/{2,}/g, '/');
  for (const route of MAILED_LINK_ROUTES) {
    const fixed = route.slice(0, route.indexOf(':'));
    if (normalized.startsWith(fixed) && normalized.length > fixed.length) return route;
  }
  return pathname;
}

/** A page's address as analytics see it: no query (search terms), no fragment, no codes. */
export function pageUrl(href: string): string {
  const url = new URL(href);
  return url.origin + redactedPath(url.pathname);
}

/** The referring site only: another site's path and query may be as private as ours. */
export function referrerOrigin(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  try {
    const { origin } = new URL(referrer);
    return origin === 'null' ? null : `${origin}/`;
  } catch {
    return null;
  }
}

/** Every event the tracker sends passes here last (its `transformRequest`). */
export function privateEvent(payload: PlausibleRequestPayload): PlausibleRequestPayload {
  return { ...payload, u: pageUrl(payload.u), r: referrerOrigin(payload.r) };
}

/** The operator's settings from the page the BFF sent, or null: analytics are off. */
export function analyticsSettingsIn(
  page: Pick<Document, 'querySelector'>,
): AnalyticsSettings | null {
  const tag = page.querySelector(`meta[name="${ANALYTICS_TAG.name}"]`);
  const endpoint = tag?.getAttribute(ANALYTICS_TAG.endpoint);
  const site = tag?.getAttribute(ANALYTICS_TAG.site);
  return endpoint && site ? { endpoint, site } : null;
}
