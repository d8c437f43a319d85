import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import helmet from 'helmet';
import type { BffConfig } from '../config';
import { serveWebApp } from '../web-app/web-app';

/** HTTP edge of the BFF: security headers, bounded JSON bodies, the SPA. */
export function configureHttp(nestApp: INestApplication, config: BffConfig): void {
  const app = nestApp as NestExpressApplication;
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
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
  app.useBodyParser('json', { limit: config.BODY_LIMIT });
  serveWebApp(app, config.WEB_DIST_DIR);
}
