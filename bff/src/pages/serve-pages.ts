import { Logger } from '@nestjs/common';
import type { ServiceClient } from '@upright/platform';
import type { Request, Response } from 'express';
import type { AnswerCache } from '../answer-cache/answer-cache.service';
import { translateError } from '../http/api-error.filter';
import type { AppRenderer } from './app-renderer';
import { sendAndKeep } from './kept-answer';
import { headTags } from './page-head';
import { PageHeads } from './page-heads';
import { PageTemplate } from './page-html';
import { canonicalPath, isKeptPage, matchPage } from './page-routes';

export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

const NOT_RENDERED = { root: '', afterRoot: '' };

export interface PagesOptions {
  indexHtml: string;
  /** The app rendered on the server; null when the build has no server entry (head tags only). */
  app: AppRenderer | null;
  publicUrl: string;
  productName: string;
}

/**
 * The web app's pages as first sent (docs/product/rules.md#s13): public pages rendered by the app's
 * own components with their data (record 0039) and kept like any public answer (docs/product/rules.md#s11: key = the path, `data` version),
 * so the fast path sends the next visitor the same bytes; account pages and widgets as the bare
 * app; 404 for what does not exist, 301 for another spelling of a page.
 */
export class Pages {
  private readonly logger = new Logger('Pages');
  private readonly template: PageTemplate;
  private readonly heads: PageHeads;

  constructor(
    private readonly cache: AnswerCache,
    services: ServiceClient,
    private readonly options: PagesOptions,
  ) {
    this.template = new PageTemplate(options.indexHtml);
    this.heads = new PageHeads(services, options.productName);
  }

  readonly page = async (request: Request, response: Response): Promise<void> => {
    const moved = canonicalPath(request.path);
    if (moved !== null) return this.redirect(request, response, moved);
    const route = matchPage(request.path, queryOf(request.originalUrl));
    if (route?.kind === 'client') return this.sendShell(response, 200);
    const version = this.cache.store.versionOf('data');
    try {
      const page = route === null ? this.heads.notFound() : await this.heads.render(route);
      if (page.status === 301) return this.redirect(request, response, page.location);
      const head = headTags(page.head, this.options.publicUrl, this.options.productName);
      const app = (await this.options.app?.render(request.originalUrl)) ?? NOT_RENDERED;
      const body = this.template.render(head, app);
      if (page.status === 404 || !isKeptPage(route!)) {
        return this.sendUnkept(response, page.status, body);
      }
      sendAndKeep(this.cache, request, response, { body, contentType: HTML_CONTENT_TYPE, version });
    } catch (error) {
      // The services are away: the bare app, which shows the error and lets the visitor retry.
      const { status, retryAfter } = translateError(error);
      if (status >= 500 && status !== 503) {
        this.logger.error(
          `page ${request.path} failed: ${(error as Error).stack ?? String(error)}`,
        );
      }
      if (retryAfter !== undefined) response.setHeader('Retry-After', String(retryAfter));
      this.sendShell(response, status);
    }
  };

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

/** The query of a request's URL, as the browser's URLSearchParams reads it. */
function queryOf(originalUrl: string): URLSearchParams {
  const start = originalUrl.indexOf('?');
  return new URLSearchParams(start < 0 ? '' : originalUrl.slice(start + 1));
}
