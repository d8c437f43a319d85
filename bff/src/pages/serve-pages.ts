import type { ServiceClient } from '@upright/platform';
import type { Request, Response } from 'express';
import { makeAnswer, type Answer } from '../answer-cache/answer';
import type { AnswerCache } from '../answer-cache/answer-cache.service';
import { answerHeaders } from '../answer-cache/answer-headers';
import { etagMatches, preferredCoding } from '../answer-cache/negotiation';
import { translateError } from '../http/api-error.filter';
import { headTags } from './page-head';
import { PageRenderer } from './page-content';
import { PageTemplate } from './page-html';
import { canonicalPath, matchPage } from './page-routes';
import { ShareImages } from './share-image';
import { robotsTxt, siteData, sitemapEntries, sitemapXml } from './sitemap';

export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';
const DATA_POLICY = { domain: 'data', personal: false } as const;

export interface PagesOptions {
  indexHtml: string;
  publicUrl: string;
  productName: string;
}

/**
 * The web app's pages as first sent (decisions §13): public pages rendered with their data and
 * kept like any public answer (decisions §11: key = the path, `data` version), so the fast path
 * sends the next visitor the same bytes; account pages and widgets as the bare app; 404 for
 * what does not exist, 301 for another spelling of a page.
 */
export class Pages {
  private readonly template: PageTemplate;
  private readonly renderer: PageRenderer;
  private readonly shareImages: ShareImages;

  constructor(
    private readonly cache: AnswerCache,
    private readonly services: ServiceClient,
    private readonly options: PagesOptions,
  ) {
    this.template = new PageTemplate(options.indexHtml);
    this.renderer = new PageRenderer(services, options.productName);
    this.shareImages = new ShareImages(services, options.productName);
  }

  readonly page = async (request: Request, response: Response): Promise<void> => {
    const moved = canonicalPath(request.path);
    if (moved !== null) return this.redirect(request, response, moved);
    const route = matchPage(request.path);
    if (route?.kind === 'client') return this.sendShell(response, 200);
    const version = this.cache.store.versionOf('data');
    try {
      const page = route === null ? this.renderer.notFound() : await this.renderer.render(route);
      if (page.status === 301) return this.redirect(request, response, page.location);
      const head = headTags(page.head, this.options.publicUrl, this.options.productName);
      const body = this.template.render(head, page.main);
      if (page.status === 404) return this.sendUnkept(response, 404, body);
      this.keep(
        request,
        response,
        makeAnswer(body, DATA_POLICY, { contentType: HTML_CONTENT_TYPE }),
        version,
      );
    } catch (error) {
      // The services are away: the bare app, which shows the error and lets the visitor retry.
      const { status, retryAfter } = translateError(error);
      if (retryAfter !== undefined) response.setHeader('Retry-After', String(retryAfter));
      this.sendShell(response, status);
    }
  };

  readonly sitemap = (request: Request, response: Response): Promise<void> =>
    this.keptFile(request, response, 'application/xml; charset=utf-8', async () =>
      sitemapXml(sitemapEntries(await siteData(this.services)), this.options.publicUrl),
    );

  readonly robots = (request: Request, response: Response): Promise<void> =>
    this.keptFile(request, response, 'text/plain; charset=utf-8', () =>
      Promise.resolve(robotsTxt(this.options.publicUrl)),
    );

  /** A share image (decisions §13): drawn once per data version, then kept. */
  readonly shareImage = (request: Request, response: Response): Promise<void> =>
    this.keptFile(request, response, 'image/png', () =>
      this.shareImages.image(request.baseUrl + request.path),
    );

  /** Made once per data version and kept; a 404 JSON error when `make` finds nothing. */
  private async keptFile(
    request: Request,
    response: Response,
    contentType: string,
    make: () => Promise<string | Buffer | null>,
  ): Promise<void> {
    const version = this.cache.store.versionOf('data');
    try {
      const body = await make();
      if (body === null) {
        response.status(404).json({ error: { code: 'not_found', message: 'No such image.' } });
        return;
      }
      const compressible = typeof body === 'string';
      const answer = makeAnswer(body, DATA_POLICY, { contentType, compressible });
      this.keep(request, response, answer, version);
    } catch (error) {
      const { status, body } = translateError(error);
      response.status(status).json(body);
    }
  }

  /** Kept under its URL unless it carries a query (which would key one copy per query). */
  private keep(request: Request, response: Response, answer: Answer, version: string | null) {
    this.cache.store.noteMiss();
    const key = request.originalUrl;
    if (version !== null && !key.includes('?')) this.cache.store.set(key, answer, version);
    const sent = answerHeaders(
      answer,
      preferredCoding(request.headers['accept-encoding']),
      this.cache.publicCacheControl,
    );
    for (const [name, value] of Object.entries(sent.headers)) response.setHeader(name, value!);
    if (etagMatches(request.headers['if-none-match'], String(sent.headers.etag))) {
      response.removeHeader('content-encoding');
      response.status(304).end();
      return;
    }
    response.status(200).setHeader('content-length', sent.body.length).end(sent.body);
  }

  private redirect(request: Request, response: Response, location: string): void {
    const query = request.originalUrl.indexOf('?');
    response.redirect(301, query < 0 ? location : location + request.originalUrl.slice(query));
  }

  /** The app as built, for the browser to render: pages that depend on who is signed in. */
  private sendShell(response: Response, status: number): void {
    this.sendUnkept(response, status, this.options.indexHtml);
  }

  private sendUnkept(response: Response, status: number, body: string): void {
    response
      .status(status)
      .setHeader('cache-control', 'no-cache')
      .type(HTML_CONTENT_TYPE)
      .send(body);
  }
}
