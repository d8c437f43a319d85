import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import express from 'express';
import type { CrawlFiles } from './crawl-files';
import type { Pages } from './serve-pages';

/** The API's paths; every other GET is a page (the operations endpoints have a port of their own). */
const NOT_SPA = /^\/api(\/|$)/;

/** The built app's `index.html`, or null when there is no build to serve (API only). */
export function builtIndexHtml(distDir: string): string | null {
  const indexFile = path.join(distDir, 'index.html');
  return distDir && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
}

/**
 * The sitemap, robots.txt and share images (docs/product/rules.md#s13), with or without the built
 * app.
 */
export function serveCrawlFiles(app: NestExpressApplication, files: CrawlFiles): void {
  app.use('/sitemap.xml', reads(files.sitemap, true));
  app.use('/robots.txt', reads(files.robots, true));
  app.use('/share', reads(files.shareImage, false));
}

/**
 * Local mode: the BFF serves the built SPA from the same origin. Hashed assets are cached for a
 * year (the edge sends the ones it read at start; Express the rest); every other non-API GET or
 * HEAD is a page (see Pages).
 */
export function serveWebApp(app: NestExpressApplication, distDir: string, pages: Pages): void {
  app.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '365d' }),
    // Not an asset (a missing file, or a path that climbs out with an encoded `..`): 404.
    (_request: Request, response: Response) => {
      response.status(404).json({ error: { code: 'not_found', message: 'No such asset.' } });
    },
  );
  app.use((request: Request, response: Response, next: NextFunction) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (!read || NOT_SPA.test(request.path)) return next();
    void pages.page(request, response);
  });
}

/** A GET or HEAD of the mounted path (`exactly`: not of a path below it). */
function reads(handler: (request: Request, response: Response) => Promise<void>, exactly: boolean) {
  return (request: Request, response: Response, next: NextFunction) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (!read || (exactly && request.path !== '/')) return next();
    void handler(request, response);
  };
}
