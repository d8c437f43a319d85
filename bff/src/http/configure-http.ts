import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import helmet from 'helmet';
import { AnswerCache } from '../answer-cache/answer-cache.service';
import { installFastPath } from '../answer-cache/fast-path';
import { SessionAuthenticator } from '../auth';
import type { BffConfig } from '../config';
import { loadStaticAssets } from '../web-app/static-assets';
import { serveWebApp } from '../web-app/web-app';

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

/**
 * The headers a middleware sets on every answer (helmet's do not depend on the request), so
 * that the fast path can send the same ones without running it per request.
 */
function headersSetBy(middleware: Middleware): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/** HTTP edge of the BFF: security headers, bounded JSON bodies, the fast read path, the SPA. */
export function configureHttp(nestApp: INestApplication, config: BffConfig): void {
  const app = nestApp as NestExpressApplication;
  app.disable('x-powered-by');
  // Exactly the configured proxies in front (the ingress): X-Forwarded-For cannot choose the
  // rate-limit bucket. 0 = the socket's address.
  app.set('trust proxy', config.TRUSTED_PROXY_HOPS);
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ['*'],
      },
    },
  }) as Middleware;
  app.use(securityHeaders);
  // JSON only (no urlencoded or multipart): a cross-site form cannot post to the API.
  app.useBodyParser('json', { limit: config.BODY_LIMIT });
  const servesWebApp = serveWebApp(app, config.WEB_DIST_DIR);
  installFastPath(
    app.getHttpServer(),
    app.get(AnswerCache),
    app.get(SessionAuthenticator),
    headersSetBy(securityHeaders),
    servesWebApp ? loadStaticAssets(config.WEB_DIST_DIR) : undefined,
  );
}
