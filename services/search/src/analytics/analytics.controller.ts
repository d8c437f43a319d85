import { Controller } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import { Patterns, type RemoteErrorPayload, type ResponseOf } from '@upright/contracts';
import {
  clickRequestSchema,
  impressionsRequestSchema,
  parseMessage,
  recentSearchesRequestSchema,
} from '../validation/parse-message';
import { AnalyticsRepository } from './analytics.repository';

function unknownQuery(): RpcException {
  const error: RemoteErrorPayload = {
    code: 'not_found',
    message: 'query_id is not a search of this app',
    field: 'query_id',
  };
  return new RpcException(error);
}

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
        throw new RpcException({
          code: 'validation_failed',
          message: 'query_id or query is required',
          field: 'query_id',
        } satisfies RemoteErrorPayload);
      }
      queryId = await this.analytics.recordSearch(request.app, request.query, request.memberUid, 0);
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
