/**
 * Web analytics (decision 0045): where the operator's privacy-focused provider takes page views.
 * The BFF writes them into every page it sends as one tag; the web app's tracker reads it there.
 * No tag: no analytics.
 */
export interface AnalyticsSettings {
  /** The provider's event API, a full URL (e.g. https://plausible.io/api/event). */
  endpoint: string;
  /** The site as registered with the provider (its domain). */
  site: string;
}

/** `<meta name="analytics" data-endpoint="…" data-site="…">` in the page's head. */
export const ANALYTICS_TAG = {
  name: 'analytics',
  endpoint: 'data-endpoint',
  site: 'data-site',
} as const;
