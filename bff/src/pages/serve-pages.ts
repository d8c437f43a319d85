import { Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AnswerCache } from '../answer-cache/answer-cache.service';
import { PRIVATE_CACHE_CONTROL } from '../answer-cache/answer-headers';
import { translateError } from '../shared/api-error.filter';
import type { ClientBudget } from '../auth/client-budget';
import type { AppRenderer } from './app-renderer';
import { refusalPage } from './html';
import { sendAndKeep } from './kept-answer';
import { headTags } from './page-head';
import { PageTemplate } from './page-html';

export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

/**
 * Every path that names no page gets the same not-found page, rendered at this location once per
 * data version and kept under it (decision 0049): the edge sends it for a new unknown path
 * without a render.
 */
export const NOT_FOUND_LOCATION = '/404';

export interface PagesOptions {
  indexHtml: string;
  /** The app's server entry; null when the build has none (every page is the bare app). */
  app: AppRenderer | null;
  publicUrl: string;
  productName: string;
  /** Renders per client (429 beyond), decision 0049; the edge admitted the request as fresh work. */
  renderBudget: ClientBudget;
}

/**
 * The web app's pages as first sent (docs/product/rules.md#s13). What a location is, its status
 * (200, 301 for another spelling or an old address, 404) and its head are the web route table's
 * (decision 0049, through the server entry); this writes what it says: public pages rendered by the
 * app's own components with their data (decision 0039) and kept like any public answer
 * (docs/product/rules.md#s11: key = the canonical location the edge gave the request, `data`
 * version), so the edge sends the next visitor the same bytes; pages that depend on the viewer as
 * the bare app; one kept not-found page for every path that names no page. Each render is
 * counted by the client's render budget.
 */
export class Pages {
  private readonly logger = new Logger('Pages');
  private readonly template: PageTemplate;

  constructor(
    private readonly cache: AnswerCache,
    private readonly options: PagesOptions,
  ) {
    this.template = new PageTemplate(options.indexHtml);
  }

  readonly page = async (request: Request, response: Response): Promise<void> => {
    const { app } = this.options;
    // The edge gave the request its canonical location (path and the query its route reads).
    const plan = app?.plan(request.originalUrl) ?? { kind: 'browser' };
    if (plan.kind === 'moved') return response.redirect(301, plan.location);
    if (app === null || plan.kind === 'browser') return this.sendShell(response, 200);
    const notFound = plan.kind === 'not-found';
    if (!this.admitRender(request, response)) return;
    const version = this.cache.store.versionOf('data');
    try {
      const location = notFound ? NOT_FOUND_LOCATION : request.originalUrl;
      const page = await app.render(location, this.options.productName);
      if (page.location !== null) return response.redirect(301, page.location);
      if (page.head === null) {
        // The data could not be read (a service away): the bare app shows the error and retries.
        if (page.retryAfter !== null) response.setHeader('Retry-After', page.retryAfter);
        return this.sendShell(response, page.status);
      }
      const head = headTags(page.head, this.options.publicUrl, this.options.productName);
      const body = this.template.render(head, {
        root: page.html,
        afterRoot: app.answersScript(page.answers),
      });
      if (notFound) {
        const made = { body, contentType: HTML_CONTENT_TYPE, version, status: 404 };
        return sendAndKeep(this.cache, request, response, made, NOT_FOUND_LOCATION);
      }
      if (page.status !== 200 || (plan.kind === 'rendered' && !plan.kept)) {
        return this.sendUnkept(response, page.status, body);
      }
      sendAndKeep(this.cache, request, response, { body, contentType: HTML_CONTENT_TYPE, version });
    } catch (error) {
      // A component failed or the render took too long: the bare app, which shows the error.
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

  /** False when the client's budget of renders is spent (and the refusal sent). */
  private admitRender(request: Request, response: Response): boolean {
    const refusal = this.options.renderBudget.admit(request);
    if (refusal === null) return true;
    this.sendRefusal(response, 429, refusal.retryAfterSeconds, refusal.body.error.message);
    return false;
  }

  private sendRefusal(response: Response, status: number, retryAfter: number, message: string) {
    response
      .status(status)
      .setHeader('retry-after', String(retryAfter))
      .setHeader('cache-control', PRIVATE_CACHE_CONTROL)
      .type(HTML_CONTENT_TYPE)
      .send(refusalPage(message, retryAfter));
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
