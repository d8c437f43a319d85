/**
 * The user journeys of Upright's load tests, written once for both runners: k6
 * (infra/k6/*.ts, through lib/k6-client.ts) and the Node load generator (infra/load, `make load`).
 * Each journey is the sequence of API calls the SPA makes for what a person does, with think
 * times between pages. Plain TypeScript without imports: the runner passes a Client.
 *
 * Routes: docs/product/spec.md#s7, docs/product/rules.md#s6 and #s9. Auth: the `upright_session`
 * cookie, and the `X-CSRF-Token` header echoing the CSRF cookie on writes (what the web app does);
 * the token comes from `GET /api/csrf` before the first write and is replaced by the sign-in
 * answer.
 */

export type Method = 'GET' | 'POST' | 'PUT';

export interface Answer {
  status: number;
  body: string;
  /** Response headers, names lowercased (the preflight reads the limiters' ones). */
  headers?: Record<string, string>;
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
  /**
   * Think time: a person reading a page, `seconds` nominal. Runners vary it (jitteredThink of
   * load-model.ts) and may scale it (THINK_SCALE, smoke mode).
   */
  think(seconds: number): Promise<void>;
  /** A check: passed or not, counted per journey (`checks` in k6); a failure is reported. */
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
  /** The member a member session signs in as, from the runner's pool of accounts. */
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
 * docs/product/spec.md#s2: a company's path segment is its name lowercased with spaces as hyphens.
 * The same rule as `companySlug` of services/contracts (k6 loads this file alone, so it cannot
 * import it); infra/load/figures.spec.ts keeps the two in step.
 */
export function companySlug(companyName: string): string {
  return companyName.trim().toLowerCase().replace(/\s+/g, '-');
}

function pick<T>(items: readonly T[], random: () => number): T | undefined {
  return items.length === 0 ? undefined : items[Math.floor(random() * items.length)];
}

/**
 * A journey that cannot go on as the person would (an error answer, or no data where the site
 * must have some): the runner counts the iteration as failed instead of a shorter success.
 */
export class JourneyFailure extends Error {
  constructor(step: string, what: string) {
    super(`${step}: ${what}`);
    this.name = 'JourneyFailure';
  }
}

/** Checks that `value` is there (and not an empty list); fails the journey when it is not. */
function need<T>(client: Client, step: string, value: T | undefined, what: string): T {
  const present = value !== undefined && !(Array.isArray(value) && value.length === 0);
  client.verify(step, present, what);
  if (!present) throw new JourneyFailure(step, what);
  return value as T;
}

/** Checks that the answer is 2xx JSON (an empty list is fine); fails the journey otherwise. */
function answered<T>(client: Client, step: string, answer: Answer, what: string): T {
  const body = parse<T>(answer);
  client.verify(step, body !== undefined, what);
  if (body === undefined) throw new JourneyFailure(step, `${what} (status ${answer.status})`);
  return body;
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
  result: { ranked: CompanyRow[]; pranked: string[] | null };
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

/**
 * Public pages set no cookies: a write is preceded by fetching the token once. Without one (the
 * fetch was refused, say shed under load) the journey ends here, as the web app sends no write
 * without its token: the write would only be refused 403 for the token it lacks.
 */
async function fetchCsrfToken(client: Client, step: string): Promise<void> {
  if (Object.keys(csrfHeaders(client)).length === 0) {
    answered(client, step, await client.request('GET', '/api/csrf', { step }), 'a CSRF token');
  }
}

async function activeIndustries(context: JourneyContext, step: string): Promise<string[]> {
  const answer = await context.client.request('GET', '/api/active', { step });
  const industries = (parse<ActiveIndustry[]>(answer) ?? []).map((row) => row.industry);
  return need(context.client, step, industries, 'the site lists active industries');
}

/** An industry's page: its definition and its ranked companies (at least one). */
async function industryPage(
  context: JourneyContext,
  industry: string,
  page: string,
): Promise<IndustryCompanies> {
  const { client } = context;
  const definition = await client.request('GET', `/api/industry/${path(industry)}`, {
    step: `${page}.definition`,
  });
  answered(client, `${page}.definition`, definition, 'the industry has a definition');
  const answer = await client.request('GET', `/api/companies/us/${path(industry)}`, {
    step: `${page}.companies`,
  });
  const companies = need(
    client,
    `${page}.companies`,
    parse<IndustryCompanies>(answer),
    'the industry answers its ranking',
  );
  need(client, `${page}.companies`, companies.result.ranked, 'the industry ranks companies');
  return companies;
}

/** Home → reports → a report → its industry → a company, as a visitor. */
export async function visitorBrowse(context: JourneyContext): Promise<void> {
  const { client, random } = context;
  const industries = await activeIndustries(context, 'home.active');
  const featured = await client.request('GET', '/api/reports/featured/1', {
    step: 'home.featured',
  });
  answered(client, 'home.featured', featured, 'the home page answers its featured reports');
  await client.think(2);

  const latest = need(
    client,
    'reports.latest',
    parse<ReportPage>(
      await client.request('GET', '/api/reports/latest/1', { step: 'reports.latest' }),
    ),
    'the reports page answers its list',
  );
  await client.think(2);

  // A site may have published no report yet; then the visitor goes to an industry directly.
  const report = pick(latest.items, random);
  if (report) {
    const reportPath = path(String(report.report_id), report.published_date, report.slug);
    const published = await client.request('GET', `/api/published/${reportPath}`, {
      step: 'report.published',
    });
    answered(client, 'report.published', published, 'a listed report can be read');
    await client.think(4);
  }

  const industry = report?.industry ?? (pick(industries, random) as string);
  const companies = await industryPage(context, industry, 'industry');
  await client.think(3);

  const company = pick(companies.result.ranked, random) as CompanyRow;
  const detail = await client.request(
    'GET',
    `/api/primary/us/${path(industry, companySlug(company.company_name))}`,
    { step: 'company.detail' },
  );
  answered(client, 'company.detail', detail, 'a ranked company has a page');
}

/** Company names this virtual user has seen, learned once (the names people type). */
async function knownCompanyNames(context: JourneyContext): Promise<string[]> {
  if (Array.isArray(context.memo.companyNames)) return context.memo.companyNames as string[];
  const industry = pick(await activeIndustries(context, 'search.discover'), context.random);
  const answer = await context.client.request('GET', `/api/companies/us/${path(industry!)}`, {
    step: 'search.discover',
  });
  const names = (parse<IndustryCompanies>(answer)?.result.ranked ?? []).map(
    (row) => row.company_name,
  );
  context.memo.companyNames = need(
    context.client,
    'search.discover',
    names,
    'an industry ranks companies whose names can be typed',
  );
  return names;
}

const COMPANY_TEXT_FIELDS = ['company_name', 'brands', 'subsidiaries'];

/**
 * Typing a company name in the search bar: the box is debounced (350 ms), so a fast typist
 * sends a suggestion query every two or three characters, then Enter asks for results.
 */
export async function searchAsYouType(context: JourneyContext): Promise<void> {
  const { client, random } = context;
  const name = pick(await knownCompanyNames(context), random) as string;
  const typed = name.slice(0, Math.min(name.length, 8));
  for (let length = 2; length <= typed.length; length += 2) {
    const suggestions = await client.request('POST', '/api/search/companies/_reactivesearch', {
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
    answered(client, 'search.suggest', suggestions, 'suggestions are answered');
    await client.think(0.4);
  }
  const results = await client.request('POST', '/api/search/companies/_reactivesearch', {
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
  answered(client, 'search.results', results, 'results are answered on Enter');
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
  answered(client, 'signin.submit', signedIn, 'the member signs in');
  const user = await client.request('GET', '/api/user', { step: 'signin.user' });
  answered(client, 'signin.user', user, 'the signed-in member is known');
  await client.think(1);

  const priorities = need(
    client,
    'priorities.load',
    parse<{ values: Record<string, number> }>(
      await client.request('GET', '/api/priorities', { step: 'priorities.load' }),
    ),
    'the member has priorities',
  );
  const fields = need(
    client,
    'priorities.load',
    Object.keys(priorities.values),
    'priorities have fields',
  );
  await client.think(3);
  // Move three sliders, as a member adjusting what they care about.
  const changed: Record<string, number> = {};
  for (let i = 0; i < 3; i++) {
    // Never 5 (the default): the member's ranking must differ from the visitors'.
    changed[pick(fields, random)!] = [0, 1, 2, 3, 4, 6, 7, 8, 9, 10][Math.floor(random() * 10)];
  }
  const saved = await client.request('PUT', '/api/priorities', {
    step: 'priorities.save',
    body: changed,
    headers: csrfHeaders(client),
  });
  answered(client, 'priorities.save', saved, 'the priorities are saved');
  await client.think(1);

  const industry = pick(await activeIndustries(context, 'member.active'), random) as string;
  const ranked = await industryPage(context, industry, 'member.industry');
  client.verify(
    'member.industry.companies',
    Array.isArray(ranked.result.pranked),
    'a member with saved priorities gets a personal ranking (pranked)',
  );
}

/** Join: fetch the captcha, solve it (the browser's proof of work), submit the form. */
export async function signUpMember(context: JourneyContext, member: Member): Promise<boolean> {
  const { client } = context;
  const challenge = parse<unknown>(
    await client.request('GET', '/api/captcha', { step: 'signup.captcha' }),
  );
  client.verify('signup.captcha', challenge !== undefined, 'the captcha challenge is answered');
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
      birth_month: 7,
      birth_day: 14,
      individual: true,
      subscriber: false,
      altcha,
    },
    headers: csrfHeaders(client),
  });
  const joined = answer.status >= 200 && answer.status < 300;
  client.verify('signup.submit', joined, 'the new member is signed up');
  return joined;
}

/** A fresh member's address and password. */
export function newMember(id: string): Member {
  return { email: `load-${id}@example.test`, password: `load-test-password-${id}` };
}

/** A new person joining, with an address and password of their own. */
export async function signUp(context: JourneyContext): Promise<void> {
  if (!(await signUpMember(context, newMember(context.uniqueId())))) {
    throw new JourneyFailure('signup.submit', 'the new member is signed up');
  }
}

/**
 * The BFF's load-test mode (bff/src/auth/load-test-mode.ts) from the generator's side: the header
 * that carries the deployment's LOAD_TEST_TOKEN (infra/load/figures.spec.ts keeps the name
 * in step with the BFF's).
 */
export const LOAD_TEST_HEADER = 'X-Load-Test';

/** What every request of a run sends when the run was given the token. */
export function loadTestHeaders(token: string | undefined): Record<string, string> {
  return token ? { [LOAD_TEST_HEADER]: token } : {};
}

/**
 * Captcha challenges the preflight asks for in a row: one more than the BFF's default budget
 * (RATE_LIMIT_CAPTCHA 30/60), the cheapest per-address budget to spend (an HMAC each). A
 * generator that gets them all is exempt (load-test mode, or raised limits); a 429 means the
 * per-address budgets count it and the run would measure the limiter.
 */
export const LIMIT_PROBE_REQUESTS = 31;

/**
 * What in an answer says a limiter counts this client: a 429, or a budget shown spent by the
 * usual headers of edge limiters (`RateLimit-Remaining`, `X-RateLimit-Remaining`); undefined
 * when nothing does.
 */
export function rateLimitSignal(answer: Answer): string | undefined {
  const headers = answer.headers ?? {};
  if (answer.status === 429) {
    const retryAfter = headers['retry-after'];
    return retryAfter === undefined ? '429' : `429, Retry-After ${retryAfter} s`;
  }
  for (const name of ['ratelimit-remaining', 'x-ratelimit-remaining']) {
    if (headers[name]?.trim() === '0') return `${name}: 0`;
  }
  return undefined;
}

/**
 * Before measuring: whatever would make every iteration of the run's journeys fail (the site
 * down, no data imported, the member pool unable to sign in, a rate limiter counting this
 * generator). Returns what is wrong, empty when the run can start; a limiter comes first, with
 * `rateLimitAdvice` (how this runner's target turns load-test mode on). Its requests are tagged
 * with the journey `preflight`.
 */
export async function preflight(
  context: JourneyContext,
  journeys: readonly JourneyName[],
  rateLimitAdvice: string,
): Promise<string[]> {
  const problems: string[] = [];
  const limited: string[] = [];
  // Every answer of the preflight is read for a limiter's signs, whichever check made it.
  const runner = context.client;
  const client: Client = {
    ...runner,
    async request(method, path, options) {
      const answer = await runner.request(method, path, options);
      const signal = rateLimitSignal(answer);
      if (signal !== undefined) limited.push(`${options.step}: ${signal}`);
      return answer;
    },
  };
  const watched: JourneyContext = { ...context, client };
  const attempt = async (what: string, step: () => Promise<unknown>) => {
    try {
      await step();
    } catch (error) {
      problems.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  await attempt('the site lists no active industry (is the data imported?)', () =>
    activeIndustries(watched, 'preflight.active'),
  );
  if (journeys.includes('member_session')) {
    await attempt(`member ${context.member?.email ?? '(none)'} cannot sign in`, async () => {
      if (!context.member) throw new Error('no member in the pool');
      await fetchCsrfToken(client, 'preflight.csrf');
      const answer = await client.request('POST', '/api/signin', {
        step: 'preflight.signin',
        body: { email: context.member.email, password: context.member.password },
        headers: csrfHeaders(client),
      });
      answered(client, 'preflight.signin', answer, 'the member signs in');
    });
  }
  if (journeys.includes('signup')) {
    await attempt('no captcha challenge for sign-ups', async () => {
      const answer = await client.request('GET', '/api/captcha', { step: 'preflight.captcha' });
      answered(client, 'preflight.captcha', answer, 'a challenge is answered');
    });
  }
  for (let probe = 0; probe < LIMIT_PROBE_REQUESTS && limited.length === 0; probe++) {
    await client.request('GET', '/api/captcha', { step: 'preflight.limits' });
  }
  if (limited.length > 0) {
    problems.unshift(
      `a rate limiter counts this load generator (${limited.slice(0, 3).join('; ')}): ${rateLimitAdvice}`,
    );
  }
  return problems;
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
