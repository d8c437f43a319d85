import type { ServiceClient } from '@upright/platform';
import type { Request, Response } from 'express';
import type { AnswerCache } from '../answer-cache/answer-cache.service';
import { translateError } from '../shared/api-error.filter';
import type { ClientBudget } from '../auth/client-budget';
import { sendAndKeep } from './kept-answer';
import { ShareImages } from './share-image';
import { robotsTxt, siteData, sitemapEntries, sitemapXml } from './sitemap';

/**
 * What crawlers and link previews fetch besides pages (docs/product/rules.md#s13): the sitemap,
 * robots.txt and the share images. Each is made once per data version and kept; none needs the
 * built app, so the BFF serves them in API-only mode too.
 */
export class CrawlFiles {
  private readonly shareImages: ShareImages;

  constructor(
    private readonly cache: AnswerCache,
    private readonly services: ServiceClient,
    private readonly options: {
      publicUrl: string;
      productName: string;
      /** The public pages at a fixed address (the web's route table; none without the app). */
      fixedPublicPaths: readonly string[];
      /** Share images are drawn afresh: they count as renders of the client's (429 beyond). */
      renderBudget: ClientBudget;
    },
  ) {
    this.shareImages = new ShareImages(services, options.productName);
  }

  readonly sitemap = (request: Request, response: Response): Promise<void> =>
    this.send(request, response, 'application/xml; charset=utf-8', async () =>
      sitemapXml(
        sitemapEntries(await siteData(this.services), this.options.fixedPublicPaths),
        this.options.publicUrl,
      ),
    );

  readonly robots = (request: Request, response: Response): Promise<void> =>
    this.send(request, response, 'text/plain; charset=utf-8', () =>
      Promise.resolve(robotsTxt(this.options.publicUrl)),
    );

  readonly shareImage = async (request: Request, response: Response): Promise<void> => {
    const refusal = this.options.renderBudget.admit(request);
    if (refusal !== null) {
      response.setHeader('Retry-After', String(refusal.retryAfterSeconds));
      response.status(429).json(refusal.body);
      return;
    }
    await this.send(request, response, 'image/png', () =>
      this.shareImages.image(request.baseUrl + request.path),
    );
  };

  /** A 404 JSON error when `make` finds nothing; the services' errors as the API sends them. */
  private async send(
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
      sendAndKeep(this.cache, request, response, { body, contentType, version });
    } catch (error) {
      const { status, body } = translateError(error);
      response.status(status).json(body);
    }
  }
}
