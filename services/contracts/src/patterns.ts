import type { ActiveIndustriesResponse } from './dto';

/**
 * Every request/reply message pattern. A pattern starts with the name of the
 * service that answers it; the transport routes on that prefix.
 * To add one: add it here, add its request/response to `RequestMap`, then
 * handle it with `@MessagePattern(Patterns.x.y)` in the owning service.
 */
export const Patterns = {
  rankings: {
    activeIndustries: 'rankings.industries.active',
  },
} as const;

type ValuesOf<T> = T[keyof T];
export type Pattern = ValuesOf<{ [S in keyof typeof Patterns]: ValuesOf<(typeof Patterns)[S]> }>;

/** Request and response payload of each pattern. */
export interface RequestMap {
  'rankings.industries.active': {
    request: Record<string, never>;
    response: ActiveIndustriesResponse;
  };
}

export type RequestOf<P extends Pattern> = RequestMap[P]['request'];
export type ResponseOf<P extends Pattern> = RequestMap[P]['response'];
