import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Logger, type INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ServiceClient } from '@upright/platform';
import type { Request, Response } from 'express';
import helmet from 'helmet';
import {
  analyticsConnectSources,
  analyticsSettings,
  withAnalyticsTag,
} from '../analytics/analytics';
import { AnswerCache } from '../answer-cache/answer-cache.service';
import { installFastPath } from '../answer-cache/fast-path';
import { SessionAuthenticator } from '../auth';
import type { BffConfig } from '../config';
import { CrawlFiles } from '../pages/crawl-files';
import { AppRenderer } from '../pages/app-renderer';
import { Pages } from '../pages/serve-pages';
import { isWidgetPath } from '../pages/page-routes';
import { loadStaticAssets } from '../web-app/static-assets';
import { ApiRateLimit, clientAddress } from './api-rate-limit';
import { LoadTestMode } from './load-test-mode';
import { inlineScriptSources } from './inline-scripts';
import { builtIndexHtml, serveCrawlFiles, serveWebApp } from '../web-app/web-app';

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

/**
 * The headers a middleware sets on every answer (helmet's do not depend on the request), so
 * that the fast path can send the same ones without running it per request.
 */
export function headersSetBy(middleware: Middleware): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Helmet's headers with one framing policy (docs/product/rules.md#s13): widgets may be framed by
 * any site, every other answer only by this one. X-Frame-Options cannot say "any site", so widgets
 * send none rather than one that contradicts their policy. Scripts: this origin's files and the
 * page's own inline scripts by hash (record 0040), never `unsafe-inline`. Connections: this origin
 * and the analytics provider's, when one is configured (decision 0045).
 */
export function securityHeaders(
  frameAncestors: string[],
  inlineScripts: string[],
  connectSources: string[],
): Middleware {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...inlineScripts],
        connectSrc: ["'self'", ...connectSources],
        frameAncestors,
      },
    },
    xFrameOptions: frameAncestors.includes('*') ? false : { action: 'sameorigin' },
  }) as Middleware;
}

/** HTTP edge of the BFF: security headers, bounded JSON bodies, the fast read path, the SPA. */
export function configureHttp(nestApp: INestApplication, config: BffConfig): void {
  const app = nestApp as NestExpressApplication;
  app.disable('x-powered-by');
  // Exactly the configured proxies in front (the ingress): X-Forwarded-For cannot choose the
  // rate-limit bucket. 0 = the socket's address.
  app.set('trust proxy', config.TRUSTED_PROXY_HOPS);
  const analytics = analyticsSettings(config);
  const builtHtml = builtIndexHtml(config.WEB_DIST_DIR);
  const indexHtml = builtHtml === null ? null : withAnalyticsTag(builtHtml, analytics);
  const inlineScripts = indexHtml === null ? [] : inlineScriptSources(indexHtml);
  const connectSources = analyticsConnectSources(analytics);
  const pageHeaders = securityHeaders(["'self'"], inlineScripts, connectSources);
  const widgetHeaders = securityHeaders(['*'], inlineScripts, connectSources);
  app.use((request: Request, response: Response, next: () => void) =>
    (isWidgetPath(request.path) ? widgetHeaders : pageHeaders)(request, response, next),
  );
  // JSON only (no urlencoded or multipart): a cross-site form cannot post to the API.
  app.useBodyParser('json', { limit: config.BODY_LIMIT });
  const cache = app.get(AnswerCache);
  const services = app.get(ServiceClient);
  const site = { publicUrl: config.PUBLIC_URL, productName: config.PRODUCT_NAME };
  serveCrawlFiles(app, new CrawlFiles(cache, services, site));
  const loadTest = app.get(LoadTestMode);
  if (loadTest.enabled) new Logger('LoadTestMode').warn(loadTest.warning());
  const renderer =
    indexHtml === null ? null : AppRenderer.load(config.WEB_SERVER_ENTRY, app.getHttpServer());
  if (indexHtml !== null) {
    serveWebApp(
      app,
      config.WEB_DIST_DIR,
      new Pages(cache, services, { ...site, indexHtml, app: renderer }),
    );
  }
  // Kept answers are never widget pages (those are rendered in the browser).
  installFastPath(
    app.getHttpServer(),
    cache,
    app.get(SessionAuthenticator),
    headersSetBy(pageHeaders),
    indexHtml === null ? undefined : loadStaticAssets(config.WEB_DIST_DIR),
    new ApiRateLimit(
      config.RATE_LIMIT_API,
      config.TRUSTED_PROXY_HOPS,
      // Off (the default), the fast path pays nothing for the mode.
      (request) =>
        renderer?.isOwnRequest(request) === true ||
        (loadTest.enabled &&
          loadTest.exempts(clientAddress(request, config.TRUSTED_PROXY_HOPS), request.headers)),
    ),
  );
}
