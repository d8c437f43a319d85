import { existsSync } from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import express from 'express';

const NOT_SPA = /^\/(api|health|metrics)(\/|$)/;

/**
 * Local mode: the BFF serves the built SPA from the same origin. Unknown non-API paths get
 * index.html so client-side routes survive a reload; hashed assets are cached for a year.
 */
export function serveWebApp(app: NestExpressApplication, distDir: string): boolean {
  const indexFile = path.join(distDir, 'index.html');
  if (!distDir || !existsSync(indexFile)) return false;
  app.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '365d' }),
    // Not an asset (a missing file, or a path that climbs out with an encoded `..`): 404.
    (_request: Request, response: Response) => {
      response.status(404).json({ error: { code: 'not_found', message: 'No such asset.' } });
    },
  );
  app.use(express.static(distDir, { index: false, maxAge: '1h' }));
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' || NOT_SPA.test(request.path)) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(indexFile);
  });
  return true;
}
