import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type ResponseOf } from '@upright/contracts';
import { parseMessage, remoteError } from '@upright/platform';
import {
  clickRequestSchema,
  impressionsRequestSchema,
  recentSearchesRequestSchema,
} from './analytics.schemas';
import { AnalyticsRepository } from './analytics.repository';

const unknownQuery = () =>
  remoteError('not_found', 'query_id is not a search of this app', 'query_id');

@Controller()
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsRepository) {}

  /** Impressions of a recorded search; without a query id, the query is recorded first. */
  @MessagePattern(Patterns.search.recordImpressions)
  async impressions(
    @Payload() data: unknown,
  ): Promise<ResponseOf<typeof Patterns.search.recordImpressions>> {
    const request = parseMessage(impressionsRequestSchema, data);
    let queryId = request.queryId;
    if (queryId === null) {
      if (!request.query) {
        throw remoteError('validation_failed', 'query_id or query is required', 'query_id');
      }
      queryId = await this.analytics.recordSearch(request.app, request.query, request, 0);
    } else if ((await this.analytics.searchApp(queryId)) !== request.app) {
      throw unknownQuery();
    }
    await this.analytics.recordImpressions(
      queryId,
      request.impressions.map((impression) => impression.id),
    );
    return { query_id: queryId };
  }

  @MessagePattern(Patterns.search.recordClick)
  async click(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.search.recordClick>> {
    const request = parseMessage(clickRequestSchema, data);
    if ((await this.analytics.searchApp(request.queryId)) !== request.app) throw unknownQuery();
    return {
      recorded: await this.analytics.recordClicks(
        request.queryId,
        request.clickType,
        request.clickOn,
      ),
    };
  }

  @MessagePattern(Patterns.search.recentSearches)
  recent(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.search.recentSearches>> {
    const request = parseMessage(recentSearchesRequestSchema, data);
    return this.analytics.recent({ ...request, prefix: '' });
  }
}
