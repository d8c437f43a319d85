import { Logger } from '@nestjs/common';
import type { ServiceClient } from '@upright/platform';
import type { Request, Response } from 'express';
import type { AnswerCache } from '../answer-cache/answer-cache.service';
import { PRIVATE_CACHE_CONTROL } from '../answer-cache/answer-headers';
import { type Admission, SHED_MESSAGE, SHED_RETRY_AFTER_SECONDS } from '../http/admission';
import { translateError } from '../http/api-error.filter';
import type { ClientBudget } from '../http/client-budget';
import type { AppRenderer } from './app-renderer';
import { refusalPage } from './html';
import { sendAndKeep, sendKeptAnswer } from './kept-answer';
import { headTags } from './page-head';
import { PageHeads } from './page-heads';
import { PageTemplate } from './page-html';
import { canonicalPath, isKeptPage, matchPage } from './page-routes';

export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

const NOT_RENDERED = { root: '', afterRoot: '' };

/**
 * Every path that names no page gets the same not-found page, rendered at this location once per
 * data version and kept under it (record 0049): a new unknown path per request costs no render.
 */
export const NOT_FOUND_LOCATION = '/404';

export interface PagesOptions {
  indexHtml: string;
  /** The app rendered on the server; null when the build has no server entry (head tags only). */
  app: AppRenderer | null;
  publicUrl: string;
  productName: string;
  /** Renders per client (429 beyond) and per replica at once (503 beyond), record 0049. */
  renderBudget: ClientBudget;
  admission: Admission;
}

/**
 * The web app's pages as first sent (docs/product/rules.md#s13): public pages rendered by the app's
 * own components with their data (record 0039) and kept like any public answer
 * (docs/product/rules.md#s11: key = the canonical location the edge gave the request, `data`
 * version), so the edge sends the next visitor the same bytes; account pages and widgets as the
 * bare app; 404 (one kept not-found page) for what does not exist, 301 for another spelling of a
 * page. Each render is counted by the client's render budget and the replica's render cap.
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
    if (route === null) {
      const kept = this.cache.store.get(NOT_FOUND_LOCATION);
      if (kept !== undefined) return sendKeptAnswer(this.cache, request, response, kept);
    }
    const release = this.admitRender(request, response);
    if (release === null) return;
    const version = this.cache.store.versionOf('data');
    try {
      const page = route === null ? this.heads.notFound() : await this.heads.render(route);
      if (page.status === 301) return this.redirect(request, response, page.location);
      const head = headTags(page.head, this.options.publicUrl, this.options.productName);
      const location = route === null ? NOT_FOUND_LOCATION : request.originalUrl;
      const app = (await this.options.app?.render(location)) ?? NOT_RENDERED;
      const body = this.template.render(head, app);
      if (route === null) {
        const made = { body, contentType: HTML_CONTENT_TYPE, version, status: 404 };
        return sendAndKeep(this.cache, request, response, made, NOT_FOUND_LOCATION);
      }
      if (page.status === 404 || !isKeptPage(route)) {
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
    } finally {
      release();
    }
  };

  /** The render's release, or null when it was refused (and the refusal sent). */
  private admitRender(request: Request, response: Response): (() => void) | null {
    const refusal = this.options.renderBudget.admit(request);
    if (refusal !== null) {
      this.sendRefusal(response, 429, refusal.retryAfterSeconds, refusal.body.error.message);
      return null;
    }
    const release = this.options.admission.enter('render');
    if (release === null) this.sendRefusal(response, 503, SHED_RETRY_AFTER_SECONDS, SHED_MESSAGE);
    return release;
  }

  private sendRefusal(response: Response, status: number, retryAfter: number, message: string) {
    response
      .status(status)
      .setHeader('retry-after', String(retryAfter))
      .setHeader('cache-control', PRIVATE_CACHE_CONTROL)
      .type(HTML_CONTENT_TYPE)
      .send(refusalPage(message));
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

/** The query of a request's URL, as the browser's URLSearchParams reads it. */
function queryOf(originalUrl: string): URLSearchParams {
  const start = originalUrl.indexOf('?');
  return new URLSearchParams(start < 0 ? '' : originalUrl.slice(start + 1));
}
