import type {
  ActiveIndustriesResponse,
  Averages,
  CompanyDetailRequest,
  CompanyDetailResponse,
  Industry,
  IndustryCompaniesRequest,
  IndustryCompaniesResponse,
  IndustryRequest,
  TopCompaniesRequest,
  TopCompaniesResponse,
} from './dto';

/**
 * Every request/reply message pattern. A pattern starts with the name of the
 * service that answers it; the transport routes on that prefix.
 * To add one: add it here, add its request/response to `RequestMap`, then
 * handle it with `@MessagePattern(Patterns.x.y)` in the owning service.
 */
export const Patterns = {
  rankings: {
    activeIndustries: 'rankings.industries.active',
    /** An active industry; `not_found` otherwise. */
    industry: 'rankings.industries.get',
    /** `GET /api/companies/{market}/{industry}`: ranked, aranked, pranked. */
    industryCompanies: 'rankings.companies.rank',
    /** `GET /api/primary/{market}/{industry}/{company}`: detail and ranks; null = no company. */
    companyDetail: 'rankings.companies.detail',
    /** `GET /api/rankings/...` and `/api/major/rankings/...`: the top companies of a period. */
    topCompanies: 'rankings.companies.top',
  },
  accounts: {
    /** The current averages of decisions §4. */
    averages: 'accounts.averages.get',
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
  'rankings.industries.get': { request: IndustryRequest; response: Industry };
  'rankings.companies.rank': {
    request: IndustryCompaniesRequest;
    response: IndustryCompaniesResponse;
  };
  'rankings.companies.detail': { request: CompanyDetailRequest; response: CompanyDetailResponse };
  'rankings.companies.top': { request: TopCompaniesRequest; response: TopCompaniesResponse };
  'accounts.averages.get': { request: Record<string, never>; response: Averages };
}

export type RequestOf<P extends Pattern> = RequestMap[P]['request'];
export type ResponseOf<P extends Pattern> = RequestMap[P]['response'];
