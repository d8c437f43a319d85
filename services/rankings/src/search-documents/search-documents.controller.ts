import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, SEARCH_DOCUMENTS_MAX_PAGE, type ResponseOf } from '@upright/contracts';
import { parseMessage, wholeNumberFrom } from '@upright/platform';
import { z } from 'zod';
import { SearchDocumentsRepository } from './search-documents.repository';

const pageRequest = z.strictObject({
  app: z.enum(['companies', 'industries'], 'must be companies or industries'),
  after: z.string('must be a string').min(1).max(200).nullable(),
  limit: wholeNumberFrom(1, SEARCH_DOCUMENTS_MAX_PAGE),
});

/** `make reindex` pages through every company and industry document. */
@Controller()
export class SearchDocumentsController {
  constructor(private readonly documents: SearchDocumentsRepository) {}

  @MessagePattern(Patterns.rankings.searchDocuments)
  async list(
    @Payload() data: unknown,
  ): Promise<ResponseOf<typeof Patterns.rankings.searchDocuments>> {
    const { app, after, limit } = parseMessage(pageRequest, data);
    const documents = await this.documents.page(app, after, limit);
    return {
      documents,
      next: documents.length === limit ? documents[documents.length - 1].id : null,
    };
  }
}
