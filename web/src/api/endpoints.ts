import type {
  ActiveIndustry,
  Averages,
  CompanyDetail,
  IndustryCompaniesResponse,
  PublishedReport,
  ReportPage,
  ReportPathParts,
} from '@upright/contracts';
import type {
  AuthResponse,
  ClientPriorities,
  ContactForm,
  PrioritiesSaveResponse,
  SessionUser,
  Settings,
  SignUpForm,
} from './account-types';
import { getJson, request } from './http';

const enc = encodeURIComponent;

/** Where each page's data comes from: shared by the pages and the link prefetcher. */
export const apiPaths = {
  active: () => '/api/active',
  averages: () => '/api/averages',
  industryCompanies: (industry: string) => `/api/companies/us/${enc(industry)}`,
  company: (industry: string, company: string) =>
    `/api/primary/us/${enc(industry)}/${enc(company)}`,
  featured: (page: number) => `/api/reports/featured/${page}`,
  latest: (page: number) => `/api/reports/latest/${page}`,
  published: (id: string, date: string, slug: string) =>
    `/api/published/${enc(id)}/${enc(date)}/${enc(slug)}`,
} as const;

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
  averages: () => getJson<Averages>(apiPaths.averages()),
  industryCompanies: (industry: string) =>
    getJson<IndustryCompaniesResponse>(apiPaths.industryCompanies(industry)),
  /** null: 204, no such company in this industry. */
  company: (industry: string, company: string) =>
    getJson<CompanyDetail | null>(apiPaths.company(industry, company)),
  featuredReports: (page: number) => getJson<ReportPage>(apiPaths.featured(page)),
  latestReports: (page: number) => getJson<ReportPage>(apiPaths.latest(page)),
  published: (id: string, date: string, slug: string) =>
    getJson<PublishedAnswer>(apiPaths.published(id, date, slug)),

  user: () =>
    request<SessionUser | { user: SessionUser }>('GET', '/api/user', { quiet: true }).then(
      (response) => ('user' in response.body ? response.body.user : response.body),
    ),
  signIn: (email: string, password: string) =>
    request<AuthResponse>('POST', '/api/signin', {
      body: { email, password },
      unauthorizedIsExpiry: false,
      dim: true,
    }).then((response) => response.body),
  signUp: (form: SignUpForm) =>
    request<AuthResponse>('POST', '/api/signup', {
      body: form,
      unauthorizedIsExpiry: false,
      dim: true,
      loaderStop: 'signUp',
    }).then((response) => response.body),
  signOut: () => request<unknown>('POST', '/api/signout', { unauthorizedIsExpiry: false }),
  verify: (hash: string, email: string, password: string) =>
    request<AuthResponse>('POST', '/api/verify', {
      body: { hash, email, password },
      unauthorizedIsExpiry: false,
      dim: true,
    }).then((response) => response.body),
  priorities: () => getJson<ClientPriorities | { values: ClientPriorities }>('/api/priorities'),
  savePriorities: (values: ClientPriorities) =>
    request<PrioritiesSaveResponse>('PUT', '/api/priorities', { body: values, dim: true }).then(
      (response) => response.body,
    ),
  settings: () => getJson<Settings | { settings: Settings }>('/api/settings'),
  saveSettings: (changes: Record<string, unknown>) =>
    request<{ success?: boolean; user?: SessionUser }>('PUT', '/api/settings', {
      body: changes,
      dim: true,
    }).then((response) => response.body),
  discontinue: () =>
    request<{ discontinue: boolean; discontinue_date: string; discontinue_final: string }>(
      'PUT',
      '/api/discontinue',
      { body: { discontinue: true }, dim: true },
    ).then((response) => response.body),
  cancelDiscontinue: (email: string) =>
    request<AuthResponse & { message?: string }>('PUT', '/api/canceldiscontinue', {
      body: { email, discontinue: false, discontinue_date: null, discontinue_final: null },
      dim: true,
    }).then((response) => response.body),
  unsubscribe: (uid: string, key: string) =>
    request<{ unsubscribed: boolean }>('POST', '/api/unsubscribe', { body: { uid, key } }).then(
      (response) => response.body,
    ),
  message: (formProps: ContactForm, altcha: string) =>
    request<{ sent: boolean }>('POST', '/api/message', {
      body: { formProps, altcha },
      dim: true,
    }).then((response) => response.body),
  requestReset: (email: string, altcha: string) =>
    request<unknown>('POST', '/api/reset', { body: { email, altcha }, dim: true }),
  validateHash: (hash: string) =>
    request<{ valid?: boolean; hashValid?: boolean }>('GET', `/api/validatehash/${enc(hash)}`, {
      loaderStop: 'hashValidation',
    }).then((response) => response.body.valid ?? response.body.hashValid ?? false),
  resetPassword: (hash: string, password: string) =>
    request<{ success: boolean }>('POST', '/api/resetpassword', {
      body: { hash, password },
      dim: true,
    }).then((response) => response.body),
};
