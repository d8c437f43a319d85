import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import helmet from 'helmet';
import type { BffConfig } from '../config';
import { serveWebApp } from '../web-app/web-app';

/** HTTP edge of the BFF: security headers, bounded JSON bodies, the SPA. */
export function configureHttp(nestApp: INestApplication, config: BffConfig): void {
  const app = nestApp as NestExpressApplication;
  app.disable('x-powered-by');
  // Exactly the configured proxies in front (the ingress): X-Forwarded-For cannot choose the
  // rate-limit bucket. 0 = the socket's address.
  app.set('trust proxy', config.TRUSTED_PROXY_HOPS);
  app.use(
    helmet({
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
    }),
  );
  // JSON only (no urlencoded or multipart): a cross-site form cannot post to the API.
  app.useBodyParser('json', { limit: config.BODY_LIMIT });
  serveWebApp(app, config.WEB_DIST_DIR);
}
