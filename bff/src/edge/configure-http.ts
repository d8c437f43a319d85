import type { IncomingMessage, Server } from 'node:http';
import { Logger, type INestApplication } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { ExpressAdapter, NestExpressApplication } from '@nestjs/platform-express';
import { Metrics, ServiceClient } from '@upright/platform';
import type { Request, Response } from 'express';
import {
  analyticsConnectSources,
  analyticsSettings,
  withAnalyticsTag,
} from '../analytics/analytics';
import { AnswerCache } from '../answer-cache/answer-cache.service';
import { SessionAuthenticator } from '../auth';
import { ClientBudget, clientAddress } from '../auth/client-budget';
import { LoadTestMode } from '../auth/load-test-mode';
import type { BffConfig } from '../config/config';
import { headersOf, securityHeaders } from '../config/security-headers';
import { AppRenderer } from '../pages/app-renderer';
import { CrawlFiles } from '../pages/crawl-files';
import { Pages } from '../pages/serve-pages';
import { loadStaticAssets } from '../pages/static-assets';
import { builtIndexHtml, serveCrawlFiles, serveWebApp } from '../pages/web-app';
import { inlineScriptSources } from '../shared/inline-scripts';
import { Admission } from '../shared/admission';
import { Edge } from './edge';
import { KeptRoutes } from './kept-routes';
import { serveOperations } from './ops-server';
import { Responder } from './responder';
import { RouteTable } from './route-table';

/**
 * The BFF's HTTP wiring: Express for the routes and the page server, then the edge
 * (`Edge`, decision 0049) in front of all of it, and the operations port beside it.
 */
export function configureHttp(nestApp: INestApplication, config: BffConfig): void {
  const app = nestApp as NestExpressApplication;
  app.disable('x-powered-by');
  // Exactly the configured proxies in front (the ingress): X-Forwarded-For cannot choose the
  // rate-limit bucket. 0 = the socket's address.
  app.set('trust proxy', config.TRUSTED_PROXY_HOPS);
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = config.HTTP_KEEP_ALIVE_S * 1000;
  const analytics = analyticsSettings(config);
  const builtHtml = builtIndexHtml(config.WEB_DIST_DIR);
  const indexHtml = builtHtml === null ? null : withAnalyticsTag(builtHtml, analytics);
  const inlineScripts = indexHtml === null ? [] : inlineScriptSources(indexHtml);
  const connectSources = analyticsConnectSources(analytics);
  const pageHeaders = securityHeaders(["'self'"], inlineScripts, connectSources);
  const widgetHeaders = securityHeaders(['*'], inlineScripts, connectSources);
  const renderer = indexHtml === null ? null : AppRenderer.load(config.WEB_SERVER_ENTRY);
  app.use((request: Request, response: Response, next: () => void) =>
    (renderer?.isBarePath(request.path) === true ? widgetHeaders : pageHeaders)(
      request,
      response,
      next,
    ),
  );
  // JSON only (no urlencoded or multipart): a cross-site form cannot post to the API. The raw
  // bytes are kept too (Nest's `rawBody`): a search query's answer is kept by its exact body.
  (app.getHttpAdapter() as ExpressAdapter).useBodyParser('json', true, {
    limit: config.BODY_LIMIT,
  });
  const cache = app.get(AnswerCache);
  const services = app.get(ServiceClient);
  const site = { publicUrl: config.PUBLIC_URL, productName: config.PRODUCT_NAME };
  const loadTest = app.get(LoadTestMode);
  if (loadTest.enabled) new Logger('LoadTestMode').warn(loadTest.warning());
  // Off (the default), the budgets pay nothing for load-test mode.
  const exempt = (request: IncomingMessage) =>
    loadTest.enabled &&
    loadTest.exempts(clientAddress(request, config.TRUSTED_PROXY_HOPS), request.headers);
  const budget = (limit: { points: number; seconds: number }) =>
    new ClientBudget(limit, config.TRUSTED_PROXY_HOPS, exempt);
  const renderBudget = budget(config.RATE_LIMIT_RENDERS);
  const fixedPublicPaths = renderer?.fixedPublicPaths ?? [];
  serveCrawlFiles(
    app,
    new CrawlFiles(cache, services, { ...site, fixedPublicPaths, renderBudget }),
  );
  if (indexHtml !== null) {
    const pages = new Pages(cache, { ...site, indexHtml, app: renderer, renderBudget });
    serveWebApp(app, config.WEB_DIST_DIR, pages);
  }
  const assets = indexHtml === null ? new Map() : loadStaticAssets(config.WEB_DIST_DIR);
  const edge = Edge.install(server, {
    cache,
    sessions: app.get(SessionAuthenticator),
    // Kept answers are never widget pages: widgets are rendered per view (framable by anyone).
    responder: new Responder(headersOf(pageHeaders), cache.publicCacheControl),
    routes: new RouteTable(KeptRoutes.discover(app.get(DiscoveryService)), renderer, assets),
    apiBudget: budget(config.RATE_LIMIT_API),
    admission: new Admission('fresh', config.EDGE_MAX_IN_FLIGHT, app.get(Metrics).registry),
  });
  renderer?.readAnswersFrom((path) => edge.get(path));
  serveOperations(app, config.OPS_PORT, config.HTTP_HOST);
}
