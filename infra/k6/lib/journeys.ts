/**
 * The user journeys of Upright's load tests, written once for both runners: k6
 * (infra/k6/*.ts, through lib/k6-client.ts) and the Node load generator (infra/load, `make load`).
 * Each journey is the sequence of API calls the SPA makes for what a person does, with think
 * times between pages. Plain TypeScript without imports: the runner passes a Client.
 *
 * Routes: spec §7, decisions §6 and §9. Auth: the `upright_session` cookie, and the
 * `X-CSRF-Token` header echoing the CSRF cookie on writes (what the web app does); the token comes
 * from `GET /api/csrf` before the first write and is replaced by the sign-in answer.
 */

export type Method = 'GET' | 'POST' | 'PUT';

export interface Answer {
  status: number;
  body: string;
}

export interface StepOptions {
  /** Tag of the request: `<page>.<what>`, e.g. `industry.companies`. */
  step: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** What a runner gives a journey: HTTP with a cookie jar per virtual user, and a clock. */
export interface Client {
  /** Any status not 2xx counts as an error of the step in the runner's figures. */
  request(method: Method, path: string, options: StepOptions): Promise<Answer>;
  cookie(name: string): string | undefined;
  /** Think time: a person reading a page. Runners may shorten it (smoke mode). */
  think(seconds: number): Promise<void>;
  /** An answer was 2xx but not what the person should see: counts as a failed check. */
  verify(step: string, passed: boolean, what: string): void;
}

export interface Member {
  email: string;
  password: string;
}

export interface JourneyContext {
  client: Client;
  random(): number;
  /** Solves the `GET /api/captcha` challenge into the form's `altcha` value. */
  solveCaptcha(challenge: unknown): Promise<string> | string;
  /** Distinct per call: sign-up emails must not repeat. */
  uniqueId(): string;
  /** The signed-up member a member session uses (MEMBER_EMAIL / MEMBER_PASSWORD in k6). */
  member?: Member;
  /** Per virtual user: what it has already learned about the site (industries, companies). */
  memo: Record<string, unknown>;
}

export const JOURNEYS = [
  'visitor_browse',
  'search_as_you_type',
  'member_session',
  'signup',
] as const;
export type JourneyName = (typeof JOURNEYS)[number];

/**
 * Spec §2: a company's path segment is its name lowercased with spaces as hyphens. The same rule
 * as `companySlug` of services/contracts (k6 loads this file alone, so it cannot import it);
 * infra/tests/load-figures.spec.ts keeps the two in step.
 */
export function companySlug(companyName: string): string {
  return companyName.trim().toLowerCase().replace(/\s+/g, '-');
}

function pick<T>(items: readonly T[], random: () => number): T | undefined {
  return items.length === 0 ? undefined : items[Math.floor(random() * items.length)];
}

function parse<T>(answer: Answer): T | undefined {
  if (answer.status < 200 || answer.status >= 300 || !answer.body) return undefined;
  try {
    return JSON.parse(answer.body) as T;
  } catch {
    return undefined;
  }
}

const path = (...segments: string[]) => segments.map(encodeURIComponent).join('/');

interface ActiveIndustry {
  industry: string;
}
interface CompanyRow {
  company_name: string;
}
interface IndustryCompanies {
  result: { ranked: CompanyRow[]; pranked: CompanyRow[] | null };
}
interface ReportSummary {
  report_id: number;
  published_date: string;
  slug: string;
  industry: string;
}
interface ReportPage {
  items: ReportSummary[];
}

/** Every write carries the CSRF token (`__Host-` prefixed in production). */
function csrfHeaders(client: Client): Record<string, string> {
  const token = client.cookie('__Host-upright_csrf') ?? client.cookie('upright_csrf');
  return token ? { 'X-CSRF-Token': token } : {};
}

/** Public pages set no cookies: a write is preceded by fetching the token once. */
async function fetchCsrfToken(client: Client, step: string): Promise<void> {
  if (Object.keys(csrfHeaders(client)).length === 0) {
    await client.request('GET', '/api/csrf', { step });
  }
}

async function activeIndustries(context: JourneyContext, step: string): Promise<string[]> {
  const answer = await context.client.request('GET', '/api/active', { step });
  return (parse<ActiveIndustry[]>(answer) ?? []).map((row) => row.industry);
}

async function industryPage(context: JourneyContext, industry: string, page: string) {
  const { client } = context;
  await client.request('GET', `/api/industry/${path(industry)}`, { step: `${page}.definition` });
  const answer = await client.request('GET', `/api/companies/us/${path(industry)}`, {
    step: `${page}.companies`,
  });
  return parse<IndustryCompanies>(answer);
}

/** Home → reports → a report → its industry → a company, as a visitor. */
export async function visitorBrowse(context: JourneyContext): Promise<void> {
  const { client, random } = context;
  const industries = await activeIndustries(context, 'home.active');
  await client.request('GET', '/api/reports/featured/1', { step: 'home.featured' });
  await client.think(2);

  const latest = parse<ReportPage>(
    await client.request('GET', '/api/reports/latest/1', { step: 'reports.latest' }),
  );
  await client.think(2);

  const report = pick(latest?.items ?? [], random);
  if (report) {
    const reportPath = path(String(report.report_id), report.published_date, report.slug);
    await client.request('GET', `/api/published/${reportPath}`, { step: 'report.published' });
    await client.think(4);
  }

  const industry = report?.industry ?? pick(industries, random);
  if (!industry) return;
  const companies = await industryPage(context, industry, 'industry');
  await client.think(3);

  const company = pick(companies?.result.ranked ?? [], random);
  if (!company) return;
  await client.request(
    'GET',
    `/api/primary/us/${path(industry, companySlug(company.company_name))}`,
    { step: 'company.detail' },
  );
}

/** Company names this virtual user has seen, learned once (the names people type). */
async function knownCompanyNames(context: JourneyContext): Promise<string[]> {
  if (Array.isArray(context.memo.companyNames)) return context.memo.companyNames as string[];
  const industry = pick(await activeIndustries(context, 'search.discover'), context.random);
  const answer = industry
    ? await context.client.request('GET', `/api/companies/us/${path(industry)}`, {
        step: 'search.discover',
      })
    : undefined;
  const names = (answer ? parse<IndustryCompanies>(answer)?.result.ranked : undefined) ?? [];
  context.memo.companyNames = names.map((row) => row.company_name);
  return context.memo.companyNames as string[];
}

const COMPANY_TEXT_FIELDS = ['company_name', 'brands', 'subsidiaries'];

/**
 * Typing a company name in the search bar: the box is debounced (350 ms), so a fast typist
 * sends a suggestion query every two or three characters, then Enter asks for results.
 */
export async function searchAsYouType(context: JourneyContext): Promise<void> {
  const { client, random } = context;
  const name = pick(await knownCompanyNames(context), random) ?? 'corp';
  const typed = name.slice(0, Math.min(name.length, 8));
  for (let length = 2; length <= typed.length; length += 2) {
    await client.request('POST', '/api/search/companies/_reactivesearch', {
      step: 'search.suggest',
      body: {
        query: [
          {
            id: 'company-search',
            type: 'suggestion',
            dataField: COMPANY_TEXT_FIELDS,
            value: typed.slice(0, length),
            size: 5,
          },
        ],
      },
    });
    await client.think(0.4);
  }
  await client.request('POST', '/api/search/companies/_reactivesearch', {
    step: 'search.results',
    body: {
      query: [
        {
          id: 'company-search',
          type: 'search',
          dataField: COMPANY_TEXT_FIELDS,
          value: typed,
          size: 20,
        },
      ],
    },
  });
}

/** Sign in → priorities (read, change, save) → an industry ranked for the member. */
export async function memberSession(context: JourneyContext): Promise<void> {
  const { client, random, member } = context;
  if (!member) throw new Error('member_session needs a member (MEMBER_EMAIL / MEMBER_PASSWORD)');
  await fetchCsrfToken(client, 'signin.csrf');
  const signedIn = await client.request('POST', '/api/signin', {
    step: 'signin.submit',
    body: { email: member.email, password: member.password },
    headers: csrfHeaders(client),
  });
  if (signedIn.status !== 200) return;
  await client.request('GET', '/api/user', { step: 'signin.user' });
  await client.think(1);

  const priorities = parse<{ values: Record<string, number> }>(
    await client.request('GET', '/api/priorities', { step: 'priorities.load' }),
  );
  await client.think(3);
  if (priorities) {
    // Move three sliders, as a member adjusting what they care about.
    const changed: Record<string, number> = {};
    for (let i = 0; i < 3; i++) {
      const field = pick(Object.keys(priorities.values), random);
      // Never 5 (the default): the member's ranking must differ from the visitors'.
      if (field) changed[field] = [0, 1, 2, 3, 4, 6, 7, 8, 9, 10][Math.floor(random() * 10)];
    }
    await client.request('PUT', '/api/priorities', {
      step: 'priorities.save',
      body: changed,
      headers: csrfHeaders(client),
    });
    await client.think(1);
  }

  const industry = pick(await activeIndustries(context, 'member.active'), random);
  if (!industry) return;
  const ranked = await industryPage(context, industry, 'member.industry');
  if (ranked && priorities) {
    client.verify(
      'member.industry.companies',
      Array.isArray(ranked.result.pranked),
      'a member with saved priorities gets a personal ranking (pranked)',
    );
  }
}

/** Join: fetch the captcha, solve it (the browser's proof of work), submit the form. */
export async function signUpMember(context: JourneyContext, member: Member): Promise<boolean> {
  const { client } = context;
  const challenge = parse<unknown>(
    await client.request('GET', '/api/captcha', { step: 'signup.captcha' }),
  );
  if (!challenge) return false;
  const altcha = await context.solveCaptcha(challenge);
  await client.think(5); // filling in the form
  await fetchCsrfToken(client, 'signup.csrf');
  const answer = await client.request('POST', '/api/signup', {
    step: 'signup.submit',
    body: {
      first_name: 'Load',
      last_name: 'Tester',
      email: member.email,
      password: member.password,
      birth_year: 1990,
      individual: true,
      subscriber: false,
      altcha,
    },
    headers: csrfHeaders(client),
  });
  return answer.status >= 200 && answer.status < 300;
}

/** A new person joining, with an address and password of their own. */
export async function signUp(context: JourneyContext): Promise<void> {
  const id = context.uniqueId();
  await signUpMember(context, {
    email: `load-${id}@example.test`,
    password: `load-test-password-${id}`,
  });
}

/** The production mix: shares of all journey iterations on a normal day. */
export const JOURNEY_MIX: Record<JourneyName, number> = {
  visitor_browse: 0.7,
  search_as_you_type: 0.2,
  member_session: 0.08,
  signup: 0.02,
};

export const JOURNEY_FUNCTIONS: Record<JourneyName, (context: JourneyContext) => Promise<void>> = {
  visitor_browse: visitorBrowse,
  search_as_you_type: searchAsYouType,
  member_session: memberSession,
  signup: signUp,
};
