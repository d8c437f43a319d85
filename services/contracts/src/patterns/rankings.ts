import type {
  ActiveIndustriesResponse,
  CompanyHistoryRequest,
  ComparisonRequest,
  ComparisonResponse,
  CompanyHistoryResponse,
  IndustryHistoryRequest,
  IndustryHistoryResponse,
  CompanyDetailRequest,
  CompanyDetailResponse,
  Industry,
  IndustryCompaniesRequest,
  IndustryCompaniesResponse,
  IndustryRequest,
  MethodologyExampleResponse,
  WhyThisRankResponse,
  SearchDocumentsPage,
  SearchDocumentsPageRequest,
  TopCompaniesRequest,
  TopCompaniesResponse,
} from '../dto';
import type { CallersOf } from '../services';

export const rankingsPatterns = {
  activeIndustries: 'rankings.industries.active',
  /** An active industry; `not_found` otherwise. */
  industry: 'rankings.industries.get',
  /** `GET /api/companies/{market}/{industry}`: ranked, aranked, pranked. */
  industryCompanies: 'rankings.companies.rank',
  /** `GET /api/primary/{market}/{industry}/{company}`: detail and ranks; null = no company. */
  companyDetail: 'rankings.companies.detail',
  /** `GET /api/rankings/...` and `/api/major/rankings/...`: the top companies of a period. */
  topCompanies: 'rankings.companies.top',
  /** `GET /api/history/us/{industry}`: the industry's ranking at every period with scores. */
  industryHistory: 'rankings.history.industry',
  /** `GET /api/history/us/{industry}/{company}`: a company's ranks per period; null = none. */
  companyHistory: 'rankings.history.company',
  /** `GET /api/compare/us/{industry}?c=…`: 2–4 companies side by side, or the first slug that names none. */
  comparison: 'rankings.history.compare',
  /** Companies' and industries' search documents in pages, for `make reindex`. */
  searchDocuments: 'rankings.search-documents.list',
  /** `GET /api/why/us/{industry}/{company}`: what makes its weighted rank; null = no company. */
  whyThisRank: 'rankings.companies.why',
  /** `GET /api/methodology/example`: the ranking rules worked on the smallest industry. */
  methodologyExample: 'rankings.methodology.example',
} as const;

export const rankingsCallers: CallersOf<typeof rankingsPatterns> = {
  activeIndustries: ['bff'],
  industry: ['bff'],
  industryCompanies: ['bff'],
  companyDetail: ['bff'],
  /** Reports freezes a snapshot of the top companies when it publishes. */
  topCompanies: ['bff', 'reports'],
  industryHistory: ['bff'],
  companyHistory: ['bff'],
  comparison: ['bff'],
  /** Search indexes them; the BFF lists them in /sitemap.xml. */
  searchDocuments: ['search', 'bff'],
  methodologyExample: ['bff'],
  whyThisRank: ['bff'],
};

export interface RankingsRequestMap {
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
  'rankings.history.industry': {
    request: IndustryHistoryRequest;
    response: IndustryHistoryResponse;
  };
  'rankings.history.company': {
    request: CompanyHistoryRequest;
    response: CompanyHistoryResponse | null;
  };
  'rankings.history.compare': {
    request: ComparisonRequest;
    response: { result: ComparisonResponse } | { unknown: string };
  };
  'rankings.companies.why': {
    request: CompanyDetailRequest;
    response: WhyThisRankResponse | null;
  };
  'rankings.methodology.example': {
    request: Record<string, never>;
    response: MethodologyExampleResponse;
  };
  'rankings.search-documents.list': {
    request: SearchDocumentsPageRequest<'companies' | 'industries'>;
    response: SearchDocumentsPage<'companies' | 'industries'>;
  };
}
