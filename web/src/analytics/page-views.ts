import { analyticsSettingsIn, privateEvent } from './private-event';

type Tracker = typeof import('@plausible-analytics/tracker');

let started: Promise<Tracker | null> | undefined;

/**
 * Plausible's tracker, loaded and set up on the first page view when the page names an endpoint;
 * without one it is never loaded (decision 0045).
 */
function startTracker(): Promise<Tracker | null> {
  const settings = analyticsSettingsIn(document);
  if (settings === null) return Promise.resolve(null);
  return import('@plausible-analytics/tracker').then((tracker) => {
    tracker.init({
      domain: settings.site,
      endpoint: settings.endpoint,
      // The router says when the page changes (PageViews), not a patched history.
      autoCapturePageviews: false,
      // The operator's setting decides whether views are counted, wherever the site runs.
      captureOnLocalhost: true,
      bindToWindow: false,
      logging: false,
      transformRequest: privateEvent,
    });
    return tracker;
  });
}

/** Counts the page now shown; analytics never stop the page, so a failure is dropped. */
export function recordPageView(): void {
  started ??= startTracker();
  void started.then((tracker) => tracker?.track('pageview', {})).catch(() => undefined);
}
