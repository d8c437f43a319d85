import { Module } from '@nestjs/common';
import { SearchController } from './search.controller';
import { SearchQueries } from './search-queries';
import { VisitorKeys } from './visitor-keys';

/** Search through the search service, its analytics and a member's recent searches. */
@Module({ controllers: [SearchController], providers: [VisitorKeys, SearchQueries] })
export class SearchModule {}
