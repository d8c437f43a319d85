import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import { Logger, type INestApplication } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
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
import { AcceptBacklog, procListenQueueReader } from '../http/accept-backlog';
import { Admission, type Lane } from '../http/admission';
import { ClientBudget, clientAddress } from '../http/client-budget';
import { inlineScriptSources } from '../http/inline-scripts';
import { LoadTestMode } from '../http/load-test-mode';
import { LoopPressure } from '../http/loop-pressure';
import { AppRenderer } from '../pages/app-renderer';
import { CrawlFiles } from '../pages/crawl-files';
import { Pages } from '../pages/serve-pages';
import { SearchQueries } from '../search/search-queries';
import { loadStaticAssets } from '../web-app/static-assets';
import { builtIndexHtml, serveCrawlFiles, serveWebApp } from '../web-app/web-app';
import { installEdge } from './edge';
import { asFetchResponse } from './in-process';
import { KeptRoutes } from './kept-routes';
import { serveOperations } from './ops-server';
import { Responder } from './responder';

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

/**
 * The BFF's HTTP wiring: Express for the routes and the page server, then the edge
 * (`installEdge`, record 0049) in front of all of it.
 */
export function configureHttp(nestApp: INestApplication, config: BffConfig): void {
  const app = nestApp as NestExpressApplication;
  app.disable('x-powered-by');
  // Exact paths (record 0049): `/api/Active` is no route, as `/API/active` is none at the edge.
  // Express reads its setting when it makes its router, which Nest has done by now; the router's
  // own flag applies to every route registered after this (all of them: Nest registers on init).
  const express = app.getHttpAdapter().getInstance() as unknown as {
    router: { caseSensitive: boolean };
  };
  express.router.caseSensitive = true;
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
  // JSON only (no urlencoded or multipart): a cross-site form cannot post to the API.
  app.useBodyParser('json', { limit: config.BODY_LIMIT });
  const cache = app.get(AnswerCache);
  const services = app.get(ServiceClient);
  const site = { publicUrl: config.PUBLIC_URL, productName: config.PRODUCT_NAME };
  const fixedPublicPaths = renderer?.fixedPublicPaths ?? [];
  serveCrawlFiles(app, new CrawlFiles(cache, services, { ...site, fixedPublicPaths }));
  const loadTest = app.get(LoadTestMode);
  if (loadTest.enabled) new Logger('LoadTestMode').warn(loadTest.warning());
  // Off (the default), the budgets pay nothing for load-test mode.
  const exempt = (request: IncomingMessage) =>
    loadTest.enabled &&
    loadTest.exempts(clientAddress(request, config.TRUSTED_PROXY_HOPS), request.headers);
  const budget = (limit: { points: number; seconds: number }) =>
    new ClientBudget(limit, config.TRUSTED_PROXY_HOPS, exempt);
  const admission = new Admission(
    { fresh: config.EDGE_MAX_IN_FLIGHT, render: config.EDGE_MAX_RENDERS },
    { floor: config.EDGE_MIN_IN_FLIGHT, targetMs: config.EDGE_TARGET_MS },
  );
  const pressure =
    config.EDGE_MAX_LOOP_DELAY_MS === 0
      ? null
      : new LoopPressure({
          maxDelayMs: config.EDGE_MAX_LOOP_DELAY_MS,
          sustainedSamples: config.EDGE_LOOP_LATE_TURNS,
          minArrivals: config.EDGE_LOOP_MIN_REQUESTS,
          report: (message) => new Logger('LoopPressure').warn(message),
        });
  if (pressure !== null) {
    pressure.start();
    server.once('close', () => pressure.stop());
  }
  const backlog = watchAcceptBacklog(server, config.EDGE_MAX_ACCEPT_BACKLOG);
  const metrics = app.get(Metrics);
  registerEdgeMetrics(metrics, admission, pressure, backlog);
  if (indexHtml !== null) {
    serveWebApp(
      app,
      config.WEB_DIST_DIR,
      new Pages(cache, {
        ...site,
        indexHtml,
        app: renderer,
        renderBudget: budget(config.RATE_LIMIT_RENDERS),
        admission,
      }),
    );
  }
  const getInProcess = installEdge(server, {
    cache,
    sessions: app.get(SessionAuthenticator),
    // Kept answers are never widget pages (those are rendered in the browser).
    responder: new Responder(headersSetBy(pageHeaders), cache.publicCacheControl),
    assets: indexHtml === null ? undefined : loadStaticAssets(config.WEB_DIST_DIR),
    apiRoutes: KeptRoutes.discover(app.get(DiscoveryService)),
    pageLocation: (url) => renderer?.canonicalLocation(url) ?? url,
    apiBudget: budget(config.RATE_LIMIT_API),
    admission,
    pressure,
    backlog,
    searchQueries: app.get(SearchQueries),
    observeHttp: (...observed) => metrics.observeHttp(...observed),
  });
  renderer?.readAnswersFrom(async (path) => asFetchResponse(await getInProcess(path)));
  serveOperations(app, config.OPS_PORT, config.HTTP_HOST);
}

/**
 * The listening socket's accept queue, read once the server listens (record 0063); null when
 * turned off (`maxWaiting` 0).
 */
function watchAcceptBacklog(server: Server, maxWaiting: number): AcceptBacklog | null {
  if (maxWaiting === 0) return null;
  const backlog = new AcceptBacklog({
    maxWaiting,
    sustainedSamples: 2,
    report: (message) => new Logger('AcceptBacklog').warn(message),
  });
  server.once('listening', () => {
    const address = server.address();
    if (address === null || typeof address === 'string') return;
    backlog.start(procListenQueueReader(address.port, address.family === 'IPv6' ? 'IPv6' : 'IPv4'));
  });
  server.once('close', () => backlog.stop());
  return backlog;
}

/** In-flight and shed work per lane, for the operators' dashboards (record 0049). */
function registerEdgeMetrics(
  metrics: Metrics,
  admission: Admission,
  pressure: LoopPressure | null,
  backlog: AcceptBacklog | null,
): void {
  const lanes: Lane[] = ['fresh', 'render'];
  const gauges = {
    upright_edge_in_flight: [
      'Fresh requests and page renders this replica is working on',
      (lane: Lane) => admission.inFlight(lane),
    ],
    upright_edge_limit: [
      'Work this replica admits at once per lane now (the fresh one follows latency)',
      (lane: Lane) => admission.limit(lane),
    ],
  } as const;
  for (const [name, [help, valueOf]] of Object.entries(gauges)) {
    new Gauge({
      name,
      help,
      labelNames: ['lane'],
      registers: [metrics.registry],
      collect() {
        for (const lane of lanes) this.set({ lane }, valueOf(lane));
      },
    });
  }
  const counters = {
    upright_edge_admitted_total: ['Fresh requests and page renders started', admission.admitted],
    upright_edge_shed_total: ['Answered 503 at once: the lane was at its limit', admission.shed],
  } as const;
  for (const [name, [help, counts]] of Object.entries(counters)) {
    const reported: Record<Lane, number> = { fresh: 0, render: 0 };
    new Counter({
      name,
      help,
      labelNames: ['lane'],
      registers: [metrics.registry],
      collect() {
        for (const lane of lanes) {
          this.inc({ lane }, counts[lane] - reported[lane]);
          reported[lane] = counts[lane];
        }
      },
    });
  }
  const watches = [
    pressure && {
      gauge: 'upright_edge_loop_delay_seconds',
      gaugeHelp: "How late the event loop's last turn was (record 0061)",
      level: () => pressure.delayMs / 1000,
      counter: 'upright_edge_loop_shed_total',
      counterHelp: 'Answered 503 at once: the event loop had stayed late',
      shed: () => pressure.shed,
    },
    backlog && {
      gauge: 'upright_edge_accept_backlog',
      gaugeHelp: 'Connections waiting to be accepted at the last sample (record 0063)',
      level: () => backlog.waiting,
      counter: 'upright_edge_accept_backlog_shed_total',
      counterHelp: 'Answered 503 at once: connections were waiting to be accepted',
      shed: () => backlog.shed,
    },
  ];
  for (const watch of watches) {
    if (!watch) continue;
    new Gauge({
      name: watch.gauge,
      help: watch.gaugeHelp,
      registers: [metrics.registry],
      collect() {
        this.set(watch.level());
      },
    });
    let reportedShed = 0;
    new Counter({
      name: watch.counter,
      help: watch.counterHelp,
      registers: [metrics.registry],
      collect() {
        this.inc(watch.shed() - reportedShed);
        reportedShed = watch.shed();
      },
    });
  }
}
