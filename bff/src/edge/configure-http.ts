import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import { Logger, type INestApplication } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { ExpressAdapter, NestExpressApplication } from '@nestjs/platform-express';
import { Metrics, ServiceClient } from '@upright/platform';
import { Counter, Gauge } from 'prom-client';
import type { Request, Response } from 'express';
import helmet from 'helmet';
import {
  analyticsConnectSources,
  analyticsSettings,
  withAnalyticsTag,
} from '../analytics/analytics';
import { AnswerCache } from '../answer-cache/answer-cache.service';
import { SessionAuthenticator } from '../auth';
import type { BffConfig } from '../config';
import { Admission } from '../http/admission';
import { ClientBudget, clientAddress } from '../http/client-budget';
import { inlineScriptSources } from '../http/inline-scripts';
import { LoadTestMode } from '../http/load-test-mode';
import { AppRenderer } from '../pages/app-renderer';
import { CrawlFiles } from '../pages/crawl-files';
import { Pages } from '../pages/serve-pages';
import { loadStaticAssets } from '../web-app/static-assets';
import { builtIndexHtml, serveCrawlFiles, serveWebApp } from '../web-app/web-app';
import { Edge } from './edge';
import { asFetchResponse } from './in-process';
import { KeptRoutes } from './kept-routes';
import { serveOperations } from './ops-server';
import { Responder } from './responder';
import { RouteTable } from './route-table';

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

/**
 * The headers a middleware sets on every answer (helmet's do not depend on the request), so
 * that the edge can send the same ones without running it per request.
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
 * page's own inline scripts by hash (decision 0040), never `unsafe-inline`. Connections: this origin
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
  const admission = new Admission(config.EDGE_MAX_IN_FLIGHT, {
    floor: config.EDGE_MIN_IN_FLIGHT,
    targetMs: config.EDGE_TARGET_MS,
  });
  registerEdgeMetrics(app.get(Metrics), admission);
  if (indexHtml !== null) {
    const pages = new Pages(cache, { ...site, indexHtml, app: renderer, renderBudget });
    serveWebApp(app, config.WEB_DIST_DIR, pages);
  }
  const assets = indexHtml === null ? new Map() : loadStaticAssets(config.WEB_DIST_DIR);
  const edge = Edge.install(server, {
    cache,
    sessions: app.get(SessionAuthenticator),
    // Kept answers are never widget pages: widgets are rendered per view (framable by anyone).
    responder: new Responder(headersSetBy(pageHeaders), cache.publicCacheControl),
    routes: new RouteTable(KeptRoutes.discover(app.get(DiscoveryService)), renderer, assets),
    apiBudget: budget(config.RATE_LIMIT_API),
    admission,
  });
  renderer?.readAnswersFrom(async (path) => asFetchResponse(await edge.get(path)));
  serveOperations(app, config.OPS_PORT, config.HTTP_HOST);
}

/**
 * Fresh work in flight, the limit and what was admitted and shed, for the operators' dashboards
 * (decision 0049). `lane="fresh"`: the one lane there is, named as the alerts read it.
 */
function registerEdgeMetrics(metrics: Metrics, admission: Admission): void {
  const registers = [metrics.registry];
  const labelNames = ['lane'];
  const lane = { lane: 'fresh' };
  new Gauge({
    name: 'upright_edge_in_flight',
    help: 'Fresh requests (page renders included) this replica is working on',
    labelNames,
    registers,
    collect() {
      this.set(lane, admission.inFlight);
    },
  });
  new Gauge({
    name: 'upright_edge_limit',
    help: 'Fresh requests this replica admits at once now (it follows latency)',
    labelNames,
    registers,
    collect() {
      this.set(lane, admission.limit);
    },
  });
  const counters = {
    upright_edge_admitted_total: ['Fresh requests started', () => admission.admitted],
    upright_edge_shed_total: ['Answered 503 at once: the limit was reached', () => admission.shed],
  } as const;
  for (const [name, [help, count]] of Object.entries(counters)) {
    let reported = 0;
    new Counter({
      name,
      help,
      labelNames,
      registers,
      collect() {
        this.inc(lane, count() - reported);
        reported = count();
      },
    });
  }
}
