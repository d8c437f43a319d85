/**
 * Web analytics (decision 0045): the tag in the pages' head and the CSP's one more connection, from
 * the operator's two variables (shared/analytics-config.ts).
 */
import { ANALYTICS_TAG, type AnalyticsSettings } from '@upright/contracts';
import type { AnalyticsConfig } from '../config/analytics-config';
import { escapeHtml } from '../shared/escape-html';

/** The operator's settings, or null when analytics are off. */
export function analyticsSettings(config: AnalyticsConfig): AnalyticsSettings | null {
  const { ANALYTICS_ENDPOINT: endpoint, ANALYTICS_SITE: site } = config;
  return endpoint === undefined || site === undefined ? null : { endpoint, site };
}

/** What the CSP's `connect-src` adds for analytics: exactly the endpoint's origin, or nothing. */
export function analyticsConnectSources(settings: AnalyticsSettings | null): string[] {
  return settings === null ? [] : [new URL(settings.endpoint).origin];
}

/** The built app's `index.html` with the analytics tag in its head (unchanged when off). */
export function withAnalyticsTag(indexHtml: string, settings: AnalyticsSettings | null): string {
  if (settings === null) return indexHtml;
  const headEnd = indexHtml.indexOf('</head>');
  if (headEnd < 0) throw new Error('index.html needs a </head> for the analytics tag');
  const attributes = [
    ['name', ANALYTICS_TAG.name],
    [ANALYTICS_TAG.endpoint, settings.endpoint],
    [ANALYTICS_TAG.site, settings.site],
  ].map(([name, value]) => `${name}="${escapeHtml(value)}"`);
  const tag = `<meta ${attributes.join(' ')} />`;
  return `${indexHtml.slice(0, headEnd)}  ${tag}\n  ${indexHtml.slice(headEnd)}`;
}
