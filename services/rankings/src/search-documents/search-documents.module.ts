import { Module } from '@nestjs/common';
import { SearchDocumentsController } from './search-documents.controller';

@Module({ controllers: [SearchDocumentsController] })
export class SearchDocumentsModule {}
