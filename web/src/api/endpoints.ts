import type {
  AcceptCorrectionBody,
  DeskJob,
  DeskJobStarted,
  DeskLogPage,
  DeskState,
  DeskUpload,
  DraftPreviewAnswer,
  ActiveIndustry,
  CorrectionLedger,
  CorrectionReceipt,
  CorrectionRequest,
  LedgerEntry,
  OpenCorrectionsResponse,
  StagedCorrection,
  Averages,
  CompanyDetail,
  CompanyHistoryResponse,
  CrowdAverages,
  FollowsResponse,
  ComparisonResponse,
  IndustryHistoryResponse,
  IndustryCompaniesResponse,
  MethodologyExampleResponse,
  Period,
  PublishedReport,
  ReportPage,
  ReportPathParts,
  SiteFacts,
  WhyThisRankResponse,
} from '@upright/contracts';
import { listPageQuery } from '@upright/contracts';
import type {
  AuthResponse,
  CancelDiscontinueResponse,
  ContactForm,
  DiscontinueResponse,
  PrioritiesResponse,
  PrioritiesSaved,
  PriorityValues,
  SessionUser,
  Settings,
  SettingsBody,
  SettingsSaved,
  SignupBody,
} from './account-types';
import { getJson, request } from './http';

const enc = encodeURIComponent;

/** Where each page's data comes from: shared by the pages and the link prefetcher. */
export const apiPaths = {
  active: () => '/api/active',
  facts: () => '/api/facts',
  averages: () => '/api/averages',
  crowd: () => '/api/averages/history',
  industryCompanies: (industry: string) => `/api/companies/us/${enc(industry)}`,
  company: (industry: string, company: string) =>
    `/api/primary/us/${enc(industry)}/${enc(company)}`,
  industryHistory: (industry: string) => `/api/history/us/${enc(industry)}`,
  companyHistory: (industry: string, company: string) =>
    `/api/history/us/${enc(industry)}/${enc(company)}`,
  compare: (industry: string, companies: readonly string[]) =>
    `/api/compare/us/${enc(industry)}?c=${companies.map(enc).join(',')}`,
  featured: (page: number) => `/api/reports/featured/${page}`,
  latest: (page: number) => `/api/reports/latest/${page}`,
  published: (id: string, date: string, slug: string) =>
    `/api/published/${enc(id)}/${enc(date)}/${enc(slug)}`,
  openIndustry: (industry: string, format: OpenDataFormat, period: Period) =>
    `/api/open/us/${enc(industry)}.${format}?year=${period.period_year}&qrt=${period.period_qrt}`,
  /** Every industry's latest ranking in one file. */
  openAll: (format: OpenDataFormat) => `/api/open/us.${format}`,
  openReport: (id: number, format: OpenDataFormat) => `/api/open/reports/${id}.${format}`,
  methodologyExample: () => '/api/methodology/example',
  why: (industry: string, company: string) => `/api/why/us/${enc(industry)}/${enc(company)}`,
  /** Page 1 has no query: the address the prefetcher and the first render share. */
  correctionLedger: (industry: string, company: string, page = 1) =>
    `/api/corrections/us/${enc(industry)}/${enc(company)}${listPageQuery(page)}`,
  openCorrections: (page: number) => `/api/admin/corrections${listPageQuery(page)}`,
  deskState: () => '/api/admin/data',
  deskPreview: (industry: string) => `/api/admin/data/draft/preview/${enc(industry)}`,
  deskLog: (page: number) => `/api/admin/data/log${listPageQuery(page)}`,
} as const;

/** The formats every open-data download comes in (docs/product/rules.md#s12). */
export type OpenDataFormat = 'csv' | 'json';

/** `GET /api/published/…` answers the page data, or where the report lives now. */
export type PublishedAnswer =
  | PublishedReport
  | { found: true; published: PublishedReport }
  | { found: false; canonical: ReportPathParts };

export function unwrapPublished(
  answer: PublishedAnswer,
): { published: PublishedReport } | { canonical: ReportPathParts } {
  if ('found' in answer) {
    return answer.found ? { published: answer.published } : { canonical: answer.canonical };
  }
  return { published: answer };
}

export const api = {
  activeIndustries: () => getJson<ActiveIndustry[]>(apiPaths.active()),
  facts: () => getJson<SiteFacts>(apiPaths.facts()),
  averages: () => getJson<Averages>(apiPaths.averages()),
  crowd: () => getJson<CrowdAverages>(apiPaths.crowd()),
  industryCompanies: (industry: string) =>
    getJson<IndustryCompaniesResponse>(apiPaths.industryCompanies(industry)),
  /** null: 204, no such company in this industry. */
  company: (industry: string, company: string) =>
    getJson<CompanyDetail | null>(apiPaths.company(industry, company)),
  industryHistory: (industry: string) =>
    getJson<IndustryHistoryResponse>(apiPaths.industryHistory(industry)),
  companyHistory: (industry: string, company: string) =>
    getJson<CompanyHistoryResponse>(apiPaths.companyHistory(industry, company)),
  compare: (industry: string, companies: readonly string[]) =>
    getJson<ComparisonResponse>(apiPaths.compare(industry, companies)),
  featuredReports: (page: number) => getJson<ReportPage>(apiPaths.featured(page)),
  latestReports: (page: number) => getJson<ReportPage>(apiPaths.latest(page)),
  published: (id: string, date: string, slug: string) =>
    getJson<PublishedAnswer>(apiPaths.published(id, date, slug)),
  methodologyExample: () => getJson<MethodologyExampleResponse>(apiPaths.methodologyExample()),
  why: (industry: string, company: string) =>
    getJson<WhyThisRankResponse>(apiPaths.why(industry, company)),

  user: () =>
    request<SessionUser>('GET', '/api/user', { quiet: true, unauthorizedIsExpiry: false }).then(
      (response) => response.body,
    ),
  signIn: (email: string, password: string) =>
    request<AuthResponse>('POST', '/api/signin', {
      body: { email, password },
      unauthorizedIsExpiry: false,
      dim: true,
    }).then((response) => response.body),
  signUp: (form: SignupBody) =>
    request<AuthResponse>('POST', '/api/signup', {
      body: form,
      unauthorizedIsExpiry: false,
      dim: true,
      loaderStop: 'signUp',
    }).then((response) => response.body),
  signOut: () => request<unknown>('POST', '/api/signout', { unauthorizedIsExpiry: false }),
  /** A mailed link's code, or the member's email and password (docs/product/spec.md#s7 verify). */
  verify: (credentials: { hash: string } | { email: string; password: string }) =>
    request<{ user: SessionUser }>('POST', '/api/verify', {
      body: credentials,
      unauthorizedIsExpiry: false,
      dim: true,
    }).then((response) => response.body),
  priorities: () => getJson<PrioritiesResponse>('/api/priorities'),
  savePriorities: (values: PriorityValues) =>
    request<PrioritiesSaved>('PUT', '/api/priorities', { body: values, dim: true }).then(
      (response) => response.body,
    ),
  settings: () => getJson<Settings>('/api/settings'),
  follows: () => getJson<FollowsResponse>('/api/follows'),
  follow: (industry: string, company: string) =>
    request<FollowsResponse>('PUT', `/api/follows/us/${enc(industry)}/${enc(company)}`).then(
      (response) => response.body,
    ),
  unfollow: (uprightCid: string) =>
    request<FollowsResponse>('DELETE', `/api/follows/${enc(uprightCid)}`).then(
      (response) => response.body,
    ),
  saveSettings: (changes: Partial<SettingsBody>) =>
    request<SettingsSaved>('PUT', '/api/settings', { body: changes, dim: true }).then(
      (response) => response.body,
    ),
  discontinue: (password: string) =>
    request<DiscontinueResponse>('PUT', '/api/discontinue', {
      body: { password },
      dim: true,
    }).then((response) => response.body),
  cancelDiscontinue: () =>
    request<CancelDiscontinueResponse>('PUT', '/api/canceldiscontinue', {
      body: {},
      dim: true,
    }).then((response) => response.body),
  unsubscribe: (uid: string, key: string) =>
    request<{ unsubscribed: boolean }>('POST', '/api/unsubscribe', { body: { uid, key } }).then(
      (response) => response.body,
    ),
  message: (form: ContactForm, altcha: string) =>
    request<{ sent: boolean }>('POST', '/api/message', {
      body: { ...form, altcha },
      dim: true,
    }).then((response) => response.body),
  requestReset: (email: string, altcha: string) =>
    request<{ resetSent: boolean }>('POST', '/api/reset', { body: { email, altcha }, dim: true }),
  validateHash: (hash: string) =>
    request<{ hashValid: boolean }>('GET', `/api/validatehash/${enc(hash)}`, {
      loaderStop: 'hashValidation',
    }).then((response) => response.body.hashValid === true),
  correctionLedger: (industry: string, company: string, page: number) =>
    getJson<CorrectionLedger>(apiPaths.correctionLedger(industry, company, page)),
  requestCorrection: (form: CorrectionRequest, altcha: string) =>
    request<CorrectionReceipt>('POST', '/api/corrections', {
      body: { ...form, altcha },
      dim: true,
    }).then((response) => response.body),
  openCorrections: (page: number) =>
    getJson<OpenCorrectionsResponse>(apiPaths.openCorrections(page)),
  /** Stages the new value in the data desk's draft (decision 0077): public once it is published. */
  acceptCorrection: (id: number, body: AcceptCorrectionBody) =>
    request<StagedCorrection>('POST', `/api/admin/corrections/${id}/accept`, {
      body,
      dim: true,
    }).then((response) => response.body),
  rejectCorrection: (id: number, reason: string) =>
    request<LedgerEntry>('POST', `/api/admin/corrections/${id}/reject`, {
      body: { reason },
      dim: true,
    }).then((response) => response.body),
  // The editors' desk (decision 0077), admins only.
  deskState: () => getJson<DeskState>(apiPaths.deskState()),
  startUpload: () =>
    request<DeskUpload>('POST', '/api/admin/data/uploads').then((response) => response.body),
  /** One chunk's bytes; quiet: the page shows its own progress, chunk by chunk. */
  uploadChunk: (uploadId: string, index: number, bytes: Blob) =>
    request<null>('PUT', `/api/admin/data/uploads/${enc(uploadId)}/chunks/${index}`, {
      bytes,
      quiet: true,
    }).then(() => undefined),
  stageUpload: (uploadId: string, chunks: number, replace: boolean) =>
    request<DeskJobStarted>('POST', `/api/admin/data/uploads/${enc(uploadId)}/stage`, {
      body: { chunks, replace },
    }).then((response) => response.body),
  /** Read every second while a job runs: quiet, and never kept like a prefetched page. */
  deskJob: (jobId: string) =>
    request<DeskJob>('GET', `/api/admin/data/jobs/${enc(jobId)}`, { quiet: true }).then(
      (response) => response.body,
    ),
  deskPreview: (industry: string) => getJson<DraftPreviewAnswer>(apiPaths.deskPreview(industry)),
  publishDraft: (versionId: number) =>
    request<DeskJobStarted>('POST', '/api/admin/data/publish', {
      body: { version_id: versionId },
    }).then((response) => response.body),
  rollBack: () =>
    request<DeskJobStarted>('POST', '/api/admin/data/rollback').then((response) => response.body),
  discardDraft: () => request<null>('DELETE', '/api/admin/data/draft').then(() => undefined),
  deskLog: (page: number) => getJson<DeskLogPage>(apiPaths.deskLog(page)),
  resetPassword: (hash: string, password: string) =>
    request<{ success: boolean }>('POST', '/api/resetpassword', {
      body: { hash, password },
      dim: true,
    }).then((response) => response.body),
};
