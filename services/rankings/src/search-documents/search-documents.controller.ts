import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type ResponseOf } from '@upright/contracts';
import { parseMessage } from '@upright/platform';
import { SearchDocumentsRepository } from './search-documents.repository';
import { pageRequest } from './search-documents.schemas';

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
