import { Injectable } from '@nestjs/common';
import {
  Patterns,
  REPORT_SEARCH_DOCUMENTS_LIMIT_MAX,
  SEARCH_DOCUMENTS_MAX_PAGE,
  type SearchApp,
  type SearchDocumentOf,
  type SearchDocumentsPage,
} from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import type { DocumentPages } from './rebuild';

/** Documents of every app, paged over the transport from rankings and reports. */
@Injectable()
export class OwnerPages {
  constructor(private readonly services: ServiceClient) {}

  readonly pages: DocumentPages = <A extends SearchApp>(app: A) =>
    (app === 'reports'
      ? this.reports()
      : this.rankings(app as 'companies' | 'industries')) as AsyncIterable<SearchDocumentOf[A][]>;

  private async *rankings(app: 'companies' | 'industries') {
    let after: string | null = null;
    do {
      const page: SearchDocumentsPage<'companies' | 'industries'> = await this.services.request(
        Patterns.rankings.searchDocuments,
        {
          app,
          after,
          limit: SEARCH_DOCUMENTS_MAX_PAGE,
        },
      );
      if (page.documents.length > 0) yield page.documents;
      after = page.next;
    } while (after !== null);
  }

  private async *reports() {
    let after: string | undefined;
    for (;;) {
      const page = await this.services.request(Patterns.reports.searchDocuments, {
        ...(after === undefined ? {} : { after }),
        limit: REPORT_SEARCH_DOCUMENTS_LIMIT_MAX,
      });
      if (page.length > 0) yield page;
      if (page.length < REPORT_SEARCH_DOCUMENTS_LIMIT_MAX) return;
      after = page[page.length - 1].id;
    }
  }
}
