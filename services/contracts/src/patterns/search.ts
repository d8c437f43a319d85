import type {
  ReactiveSearchBatchRequest,
  ReactiveSearchBatchResponse,
  ReactiveSearchRequest,
  ReactiveSearchResponse,
  RecentSearchesRequest,
  RecentSearchesResponse,
  SearchClickRequest,
  SearchImpressionsRequest,
  SearchImpressionsResponse,
} from '../dto';
import type { CallersOf, EffectsOf, RecordingReadsOf } from '../services';

export const searchPatterns = {
  /** `POST /api/search/{app}/_reactivesearch[.v3]`: the validated query model, answered per query id. */
  reactiveSearch: 'search.reactivesearch.run',
  /** The edge's visitor queries of one event-loop turn, none recorded (decision 0067). */
  reactiveSearchBatch: 'search.reactivesearch.batch',
  /** `PUT /api/search/{app}/_analytics/search`: impressions of a search. */
  recordImpressions: 'search.analytics.impressions',
  /** `PUT /api/search/{app}/_analytics/click`: clicks on results or suggestions. */
  recordClick: 'search.analytics.click',
  /** `GET /api/search/_analytics/{app}/recent-searches`: the member's recent searches. */
  recentSearches: 'search.analytics.recent',
} as const;

export const searchCallers: CallersOf<typeof searchPatterns> = {
  reactiveSearch: ['bff'],
  reactiveSearchBatch: ['bff'],
  recordImpressions: ['bff'],
  recordClick: ['bff'],
  recentSearches: ['bff'],
};

/** What repeating each pattern does: reads may be retried and re-run (decision 0051). */
export const searchEffects: EffectsOf<typeof searchPatterns> = {
  reactiveSearch: 'read',
  reactiveSearchBatch: 'read',
  recordImpressions: 'write',
  recordClick: 'write',
  recentSearches: 'read',
};

/** A search records itself for popular and recent searches unless told not to. */
export const searchRecordingReads: RecordingReadsOf<typeof searchPatterns> = {
  reactiveSearch: (data) =>
    (data as Partial<ReactiveSearchRequest> | null)?.recordAnalytics !== false,
};

export interface SearchRequestMap {
  'search.reactivesearch.run': { request: ReactiveSearchRequest; response: ReactiveSearchResponse };
  'search.reactivesearch.batch': {
    request: ReactiveSearchBatchRequest;
    response: ReactiveSearchBatchResponse;
  };
  'search.analytics.impressions': {
    request: SearchImpressionsRequest;
    response: SearchImpressionsResponse;
  };
  'search.analytics.click': { request: SearchClickRequest; response: { recorded: number } };
  'search.analytics.recent': { request: RecentSearchesRequest; response: RecentSearchesResponse };
}
