import { Module } from '@nestjs/common';
import { SearchDocumentsController } from './search-documents.controller';
import { SearchDocumentsRepository } from './search-documents.repository';

@Module({ controllers: [SearchDocumentsController], providers: [SearchDocumentsRepository] })
export class SearchDocumentsModule {}
