import { z } from 'zod';

/**
 * Web analytics (decision 0045): page views go to the privacy-focused provider the operator names,
 * straight from the browser. Neither variable set: the pages carry no tag, so the app loads no
 * tracker and sends nothing.
 */
export const analyticsConfigShape = {
  /** The provider's event API, a full URL (Plausible's: https://plausible.io/api/event). */
  ANALYTICS_ENDPOINT: z
    .string()
    .refine(isPlainHttpUrl, {
      message: 'must be an http:// or https:// URL without user name or password',
    })
    .optional(),
  /** The site as registered with the provider: its domain (a comma-separated list rolls up). */
  ANALYTICS_SITE: z
    .string()
    .regex(
      /^[A-Za-z0-9.-]+(,[A-Za-z0-9.-]+)*$/,
      'must be the site as registered with the provider, e.g. upright.example.com',
    )
    .optional(),
};

/** The URL is put in every page: a user name or password in it would be published. */
function isPlainHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password
    );
  } catch {
    return false;
  }
}

export type AnalyticsConfig = { NODE_ENV: string } & {
  [K in keyof typeof analyticsConfigShape]?: string;
};

/** Both variables or neither; page views cross the network only over TLS in production. */
export function checkAnalyticsConfig(config: AnalyticsConfig, context: z.RefinementCtx): void {
  const { ANALYTICS_ENDPOINT: endpoint, ANALYTICS_SITE: site } = config;
  if (endpoint !== undefined && site === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['ANALYTICS_SITE'],
      message: 'is required with ANALYTICS_ENDPOINT',
    });
  }
  if (site !== undefined && endpoint === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['ANALYTICS_ENDPOINT'],
      message: 'is required with ANALYTICS_SITE',
    });
  }
  if (config.NODE_ENV === 'production' && endpoint?.startsWith('http:')) {
    context.addIssue({
      code: 'custom',
      path: ['ANALYTICS_ENDPOINT'],
      message: 'must start with https:// in production',
    });
  }
}
