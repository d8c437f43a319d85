import type {
  AcceptCorrectionRequest,
  ActiveIndustriesResponse,
  CorrectionLedgerRequest,
  CorrectionLedgerResponse,
  CorrectionReceipt,
  CorrectionRequest,
  DeskActorRequest,
  DeskJob,
  DeskJobRequest,
  DeskJobStarted,
  DeskLogPage,
  DeskLogRequest,
  DeskPreviewRequest,
  DeskPublishRequest,
  DeskStageRequest,
  DeskState,
  DeskUploadChunkRequest,
  IndustryPreview,
  LedgerEntry,
  OpenCorrectionsRequest,
  OpenCorrectionsResponse,
  RejectCorrectionRequest,
  StagedCorrection,
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
import type { CallersOf, EffectsOf } from '../services';

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
  /** `POST /api/corrections`: stores a visitor's correction request and mails its receipt. */
  requestCorrection: 'rankings.corrections.request',
  /**
   * `GET /api/admin/corrections`: a page of the undecided requests (open, or staged in the draft),
   * oldest first (admins only).
   */
  openCorrections: 'rankings.corrections.list-open',
  /**
   * `POST /api/admin/corrections/{id}/accept`: stages the new value in the editors' desk's draft
   * (decision 0077); publishing the draft makes it public data and the request accepted.
   */
  acceptCorrection: 'rankings.corrections.accept',
  /** `POST /api/admin/corrections/{id}/reject`: closes the request with a public reason. */
  rejectCorrection: 'rankings.corrections.reject',
  /** `GET /api/corrections/us/{industry}/{company}`: the company's public ledger, a page at a time. */
  correctionLedger: 'rankings.corrections.ledger',
  /** The editors' desk (decision 0077), admins only: `GET /api/admin/data`. */
  deskState: 'rankings.desk.state',
  /** `PUT /api/admin/data/uploads/{id}/chunks/{n}`: keeps one chunk of a file being uploaded. */
  deskUploadChunk: 'rankings.desk.upload-chunk',
  /** `POST /api/admin/data/uploads/{id}/stage`: validates the file and stages it as the draft. */
  deskStage: 'rankings.desk.stage',
  /** `GET /api/admin/data/jobs/{id}`: a stage, publish or rollback and its progress. */
  deskJob: 'rankings.desk.job',
  /** `GET /api/admin/data/draft/preview/{industry}`: the draft against the public data; null = none. */
  deskPreview: 'rankings.desk.preview',
  /** `POST /api/admin/data/publish`: makes the draft the public data, in one step. */
  deskPublish: 'rankings.desk.publish',
  /** `POST /api/admin/data/rollback`: makes the version before the public one public again. */
  deskRollback: 'rankings.desk.rollback',
  /** `DELETE /api/admin/data/draft`: discards the draft; false when there was none. */
  deskDiscard: 'rankings.desk.discard',
  /** `GET /api/admin/data/log`: the audit log, newest first. */
  deskLog: 'rankings.desk.log',
} as const;

export const rankingsCallers: CallersOf<typeof rankingsPatterns> = {
  activeIndustries: ['bff'],
  /** Reports reads which issues apply to a frozen report's industry (decision 0054). */
  industry: ['bff', 'reports'],
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
  requestCorrection: ['bff'],
  openCorrections: ['bff'],
  acceptCorrection: ['bff'],
  rejectCorrection: ['bff'],
  correctionLedger: ['bff'],
  deskState: ['bff'],
  deskUploadChunk: ['bff'],
  deskStage: ['bff'],
  deskJob: ['bff'],
  deskPreview: ['bff'],
  deskPublish: ['bff'],
  deskRollback: ['bff'],
  deskDiscard: ['bff'],
  deskLog: ['bff'],
};

/** What repeating each pattern does: reads may be retried and re-run (decision 0051). */
export const rankingsEffects: EffectsOf<typeof rankingsPatterns> = {
  activeIndustries: 'read',
  industry: 'read',
  industryCompanies: 'read',
  companyDetail: 'read',
  topCompanies: 'read',
  industryHistory: 'read',
  companyHistory: 'read',
  comparison: 'read',
  searchDocuments: 'read',
  whyThisRank: 'read',
  methodologyExample: 'read',
  requestCorrection: 'write',
  openCorrections: 'read',
  acceptCorrection: 'write',
  rejectCorrection: 'write',
  correctionLedger: 'read',
  deskState: 'read',
  /** Keyed by upload and index: a repeated chunk overwrites itself. */
  deskUploadChunk: 'write',
  deskStage: 'write',
  deskJob: 'read',
  deskPreview: 'read',
  deskPublish: 'write',
  deskRollback: 'write',
  deskDiscard: 'write',
  deskLog: 'read',
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
  'rankings.corrections.request': { request: CorrectionRequest; response: CorrectionReceipt };
  'rankings.corrections.list-open': {
    request: OpenCorrectionsRequest;
    response: OpenCorrectionsResponse;
  };
  'rankings.corrections.accept': {
    request: AcceptCorrectionRequest;
    response: StagedCorrection;
  };
  'rankings.corrections.reject': { request: RejectCorrectionRequest; response: LedgerEntry };
  'rankings.corrections.ledger': {
    request: CorrectionLedgerRequest;
    response: CorrectionLedgerResponse;
  };
  'rankings.desk.state': { request: Record<string, never>; response: DeskState };
  'rankings.desk.upload-chunk': { request: DeskUploadChunkRequest; response: { received: number } };
  'rankings.desk.stage': { request: DeskStageRequest; response: DeskJobStarted };
  'rankings.desk.job': { request: DeskJobRequest; response: DeskJob | null };
  'rankings.desk.preview': { request: DeskPreviewRequest; response: IndustryPreview | null };
  'rankings.desk.publish': { request: DeskPublishRequest; response: DeskJobStarted };
  'rankings.desk.rollback': { request: DeskActorRequest; response: DeskJobStarted };
  'rankings.desk.discard': { request: DeskActorRequest; response: { discarded: boolean } };
  'rankings.desk.log': { request: DeskLogRequest; response: DeskLogPage };
  'rankings.search-documents.list': {
    request: SearchDocumentsPageRequest<'companies' | 'industries'>;
    response: SearchDocumentsPage<'companies' | 'industries'>;
  };
}
