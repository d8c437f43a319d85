import type {
  CompanySearchDocument,
  DeskJob,
  DeskJobStarted,
  DeskState,
  DeskUpload,
} from '@upright/contracts';
import type { StartedApp } from '@upright/platform/testing';
import { eventually, testInfra } from '@upright/platform/testing';
import { Ajv2020 } from 'ajv/dist/2020';
import { randomUUID } from 'node:crypto';
import { SearchStack } from '@upright/search/testing';
import {
  insertTaxFixture,
  promoteToAdmin,
  removeTaxFixture,
  type TaxFixture,
} from './support/admin-and-industry';
import {
  Browser,
  mailJobs,
  resetHashesOf,
  signUp,
  signupForm,
  solvedCaptcha,
  startAccountsStack,
  type AccountsStack,
  type SignedUp,
} from './support/accounts-stack';
import { startDataServices } from './support/data-services';
import { searchBarRequests } from './support/reactivesearch-bodies';

type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';
type JsonSchema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
  /** The parameters this one is only given with (JSON Schema's `dependentRequired`). */
  'x-upright-requires'?: string[];
}
interface Response {
  content?: Record<string, { schema: JsonSchema }>;
}
interface Operation {
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean };
  security?: Record<string, string[]>[];
  'x-upright-access': 'admin' | 'member' | 'optional' | 'public';
  responses: Record<string, Response>;
}
interface Document {
  paths: Record<string, Partial<Record<Method, Operation>>>;
}

/** Who sends a request: a browser's cookies (and its CSRF header on writes), or a bearer. */
interface Caller {
  browser?: Browser;
  bearer?: string;
  /** false: a write without the CSRF header, to see it refused. */
  csrf?: boolean;
}

interface Request {
  method: Method;
  template: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A body of bytes (`application/octet-stream`) instead of JSON. */
  bytes?: Buffer;
  as?: Caller;
}

interface Sent {
  status: number;
  contentType: string;
  text: string;
}

/**
 * The contract test of `/api/openapi.json` (decision 0029): every operation the document
 * lists is called for real on the whole stack (BFF, accounts, rankings, reports, search; real
 * Postgres and Redis), and each answer's status and body are validated against the document
 * with Ajv (JSON Schema 2020-12, OpenAPI 3.1's dialect). Then, from the document alone: each
 * integer parameter's limits are the server's (one past them is a 400, at them is not), every
 * operation that needs a session refuses a visitor (401), an admin operation refuses a member
 * (403), and a write that declares the CSRF double submit is refused without the header (403).
 * An operation nobody exercised fails the test, so a new route needs its call here.
 * Requests too: a validator reading only the document (Ajv on each parameter, read from its text
 * as its schema says, and on the body) accepts every request the server accepts here, and
 * refuses every one it refuses with a 400, so the document cannot be looser than the server.
 */
describe('the OpenAPI document, against the real API', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  let stack: AccountsStack;
  let search: SearchStack;
  let apps: StartedApp[] = [];
  let fixture: TaxFixture;
  let document: Document;
  let member: SignedUp;
  let adminToken: string;
  let violations: string[] = [];
  /** The first request of each operation answered with its success status: its valid call. */
  const exercised = new Map<string, Request>();

  const TAXES = [
    ['A', 3],
    ['B', 1],
    ['C', 2],
  ] as const;
  const slug = (name: string) => `company-${name.toLowerCase()}-${fixture.tag}`;
  const cid = (name: string) => `ZZ${fixture.tag}${name}`;
  const companyParams = (name: string) => ({
    market: 'us',
    industry: fixture.industry,
    company: slug(name),
  });

  function urlOf(request: Request): string {
    const path = request.template.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
      const value = request.params?.[name];
      if (value === undefined) throw new Error(`${request.template}: no value for {${name}}`);
      return encodeURIComponent(value);
    });
    const query = new URLSearchParams(request.query ?? {}).toString();
    return query === '' ? path : `${path}?${query}`;
  }

  async function send(request: Request): Promise<Sent> {
    const headers: Record<string, string> = {};
    const caller = request.as ?? {};
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    if (request.bytes !== undefined) headers['Content-Type'] = 'application/octet-stream';
    const cookies = caller.browser?.cookies;
    if (cookies && cookies.size > 0) {
      headers.Cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const csrf = cookies.get('upright_csrf');
      if (request.method !== 'get' && caller.csrf !== false && csrf) headers['X-CSRF-Token'] = csrf;
    }
    if (caller.bearer) headers.Authorization = `Bearer ${caller.bearer}`;
    const response = await fetch(`${stack.bff.url}${urlOf(request)}`, {
      method: request.method.toUpperCase(),
      headers,
      body:
        request.bytes ?? (request.body === undefined ? undefined : JSON.stringify(request.body)),
      // A redirect is an answer of its own in the document.
      redirect: 'manual',
    });
    return {
      status: response.status,
      contentType: (response.headers.get('content-type') ?? '').split(';')[0].trim(),
      text: await response.text(),
    };
  }

  function operationOf(request: Request): Operation {
    const operation = document.paths[request.template]?.[request.method];
    if (operation === undefined) {
      throw new Error(`the document has no ${request.method.toUpperCase()} ${request.template}`);
    }
    return operation;
  }

  /** A JSON value against the document's schema at this place; the problems, named by `key`. */
  function schemaProblems(key: string, place: string[], value: unknown): string[] {
    const pointer = ['#', ...place].map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1'));
    const validate = ajv.getSchema(`openapi.json${pointer.join('/')}`);
    if (validate === undefined) return [`${key}: no schema at ${pointer.join('/')}`];
    if (validate(value)) return [];
    return (validate.errors ?? []).map(
      (error) => `${key}: ${error.instancePath || '/'} ${error.message ?? ''}`,
    );
  }

  /**
   * A parameter's text as the value its schema describes, as a validating client reads it: a
   * list split at its commas, digits as a number; anything else stays text (and fails a number).
   */
  function wireValue(text: string, schema: JsonSchema): unknown {
    if (schema.type === 'array') {
      return text.split(',').map((item) => wireValue(item, schema.items as JsonSchema));
    }
    const numeric = schema.type === 'integer' || schema.type === 'number';
    return numeric && /^-?[0-9]+(\.[0-9]+)?$/.test(text) ? Number(text) : text;
  }

  /** The problems of a request against the document: its parameters, their dependencies, body. */
  function requestProblems(request: Request): string[] {
    const key = `${request.method.toUpperCase()} ${request.template}`;
    const operation = operationOf(request);
    const place = ['paths', request.template, request.method];
    const given = (name: string) => request.params?.[name] ?? request.query?.[name];
    const problems = (operation.parameters ?? []).flatMap((parameter, index) => {
      if (parameter.in === 'header') return [];
      const text = (parameter.in === 'path' ? request.params : request.query)?.[parameter.name];
      if (text === undefined)
        return parameter.required ? [`${key}: ${parameter.name} missing`] : [];
      return [
        ...schemaProblems(
          `${key} ${parameter.name}`,
          [...place, 'parameters', String(index), 'schema'],
          wireValue(text, parameter.schema),
        ),
        ...(parameter['x-upright-requires'] ?? [])
          .filter((other) => given(other) === undefined)
          .map((other) => `${key}: ${parameter.name} without ${other}`),
      ];
    });
    if (operation.requestBody === undefined) return problems;
    if (request.bytes !== undefined) return problems;
    if (request.body === undefined) {
      return operation.requestBody.required ? [...problems, `${key}: no body`] : problems;
    }
    const body = [...place, 'requestBody', 'content', 'application/json', 'schema'];
    return [...problems, ...schemaProblems(`${key} body`, body, request.body)];
  }

  /** The problems of an answer against the document's description of the operation. */
  function problemsOf(request: Request, sent: Sent): string[] {
    const key = `${request.method.toUpperCase()} ${request.template}`;
    const responses = operationOf(request).responses;
    const statusKey = [String(sent.status), `${String(sent.status)[0]}XX`].find(
      (candidate) => responses[candidate] !== undefined,
    );
    if (statusKey === undefined) return [`${key}: status ${sent.status} is not documented`];
    const content = responses[statusKey].content;
    if (content === undefined) {
      return sent.text === '' ? [] : [`${key}: ${sent.status} has a body the document has not`];
    }
    const media = content[sent.contentType];
    if (media === undefined) {
      return [`${key}: ${sent.status} as ${sent.contentType || 'nothing'} is not documented`];
    }
    if (sent.contentType !== 'application/json') return [];
    return schemaProblems(
      `${key} ${sent.status}`,
      ['paths', request.template, request.method, 'responses', statusKey, 'content'].concat([
        sent.contentType,
        'schema',
      ]),
      JSON.parse(sent.text),
    );
  }

  /** Sends a request the document describes; its answer must match it and have this status. */
  async function call(request: Request, status: number): Promise<unknown> {
    const key = `${request.method.toUpperCase()} ${request.template}`;
    // What the server accepts, the document accepts (stricter is wrong); what it refuses as bad
    // input, the document refuses (looser is wrong).
    const refused = requestProblems(request);
    if (status < 300) violations.push(...refused);
    if (status === 400 && refused.length === 0) {
      violations.push(`${key}: the document accepts a request the server refuses`);
    }
    const sent = await send(request);
    violations.push(...problemsOf(request, sent));
    if (sent.status !== status) {
      violations.push(`${key}: expected ${status}, got ${sent.status} ${sent.text.slice(0, 300)}`);
    } else if (status < 300 && !exercised.has(key)) {
      exercised.set(key, request);
    }
    return sent.contentType === 'application/json' ? JSON.parse(sent.text) : sent.text;
  }

  const visitor = async () => ({ browser: await new Browser(stack.bff.url).open() });

  beforeAll(async () => {
    stack = await startAccountsStack('openapi-contract', {
      bffEnv: { RATE_LIMIT_API: '100000/60' },
    });
    const tag = randomUUID().slice(0, 6);
    fixture = {
      tag,
      industry: `zz-${tag}-api`,
      reportId: 1_000_000 + Math.floor(Math.random() * 1_000_000_000),
      queuePrefix: stack.queuePrefix,
    };
    await insertTaxFixture(stack.db, fixture, TAXES);
    const data = await startDataServices(
      { REDIS_URL: testInfra().redisUrl, TRANSPORT_PREFIX: stack.prefix },
      stack.queuePrefix,
    );
    apps = [data.rankings, data.reports];
    search = new SearchStack(stack.prefix);
    await search.startSearch();
    const documents: CompanySearchDocument[] = TAXES.map(([name]) => ({
      id: cid(name),
      company_name: `Company ${name} ${fixture.tag}`,
      slug: slug(name),
      brands: [],
      subsidiaries: [],
      industry: fixture.industry,
      industries: [fixture.industry],
      sectors: ['Test'],
      updated: '2031-08-01',
      location: null,
    }));
    await search.index('companies', documents);

    member = await signUp(stack, 'contract-member');
    const admin = await signUp(stack, 'contract-admin');
    await promoteToAdmin(stack.db, admin.email, testInfra().databaseUrl('accounts'));
    const signedIn = await new Browser(stack.bff.url).open();
    adminToken = (
      await signedIn.call<{ token: string }>('POST', '/api/signin', {
        email: admin.email,
        password: admin.password,
      })
    ).body.token;

    const answer = await fetch(`${stack.bff.url}/api/openapi.json`);
    document = (await answer.json()) as Document;
    ajv.addSchema(document, 'openapi.json');
  });

  beforeEach(() => {
    violations = [];
  });

  afterAll(async () => {
    for (const app of apps.reverse()) await app.app.close();
    await search?.close();
    if (fixture) await removeTaxFixture(stack.db, fixture, testInfra().redisUrl, 'none@none');
    await stack?.close();
  });

  it('describes every operation with a summary and its success answer', () => {
    // The validation below is real: an answer missing its fields is a violation.
    const user = { method: 'get', template: '/api/user' } as const;
    expect(problemsOf(user, { status: 200, contentType: 'application/json', text: '{}' })).toEqual(
      expect.arrayContaining([expect.stringContaining("must have required property 'uid'")]),
    );
    expect(problemsOf(user, { status: 204, contentType: '', text: '' })).toEqual([
      'GET /api/user: status 204 is not documented',
    ]);
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const success = Object.entries(operation.responses).find(([status]) =>
          /^2\d\d$/.test(status),
        );
        expect({ path, method, summary: typeof operation.summary }).toEqual({
          path,
          method,
          summary: 'string',
        });
        // A 204 is the one success without a body, and the document says so.
        const described =
          success?.[0] === '204'
            ? success[1].content === undefined
            : success?.[1].content !== undefined;
        expect({ path, method, described }).toEqual({ path, method, described: true });
      }
    }
  });

  it('answers every operation as the document says', async () => {
    const memberAs = { browser: member.browser };
    const adminAs = { bearer: adminToken };
    const company = companyParams('A');
    const industry = { market: 'us', industry: fixture.industry };
    const period = { year: '2031', qrt: '2' };

    // Reads of the data.
    await call({ method: 'get', template: '/api/openapi.json' }, 200);
    await call({ method: 'get', template: '/api/active' }, 200);
    await call(
      {
        method: 'get',
        template: '/api/industry/{industry}',
        params: { industry: fixture.industry },
      },
      200,
    );
    await call(
      { method: 'get', template: '/api/industry/{industry}', params: { industry: 'zz-none' } },
      404,
    );
    // The first success of an operation is its valid call for the probes below: with every parameter.
    await call(
      {
        method: 'get',
        template: '/api/companies/{market}/{industry}',
        params: industry,
        query: period,
      },
      200,
    );
    await call(
      { method: 'get', template: '/api/companies/{market}/{industry}', params: industry },
      200,
    );
    await call(
      {
        method: 'get',
        template: '/api/companies/{market}/{industry}',
        params: industry,
        query: { year: '2031' },
      },
      400,
    );
    await call(
      { method: 'get', template: '/api/primary/{market}/{industry}/{company}', params: company },
      200,
    );
    await call(
      {
        method: 'get',
        template: '/api/primary/{market}/{industry}/{company}',
        params: { ...company, company: 'no-such-company' },
      },
      204,
    );
    await call(
      { method: 'get', template: '/api/why/{market}/{industry}/{company}', params: company },
      200,
    );
    const ranking = {
      industry: fixture.industry,
      geography: 'us',
      primary: 'true',
      value: 'tax',
      count: '5',
      archived: 'false',
      ...period,
    };
    const rankingsTemplate =
      '/{industry}/{geography}/{primary}/{value}/{count}/{archived}/{year}/{qrt}';
    await call(
      { method: 'get', template: `/api/rankings${rankingsTemplate}`, params: ranking },
      200,
    );
    await call(
      { method: 'get', template: `/api/major/rankings${rankingsTemplate}`, params: ranking },
      200,
    );
    await call(
      { method: 'get', template: '/api/history/{market}/{industry}', params: industry },
      200,
    );
    await call(
      { method: 'get', template: '/api/history/{market}/{industry}/{company}', params: company },
      200,
    );
    await call(
      {
        method: 'get',
        template: '/api/compare/{market}/{industry}',
        params: industry,
        query: { c: `${slug('A')},${slug('B')}` },
      },
      200,
    );
    await call({ method: 'get', template: '/api/methodology/example' }, 200);
    await call({ method: 'get', template: '/api/facts' }, 200);
    await call({ method: 'get', template: '/api/averages' }, 200);
    await call({ method: 'get', template: '/api/averages/history' }, 200);

    // Reports, published by an admin.
    await call(
      {
        method: 'post',
        template: '/api/reports/pub',
        body: { report_id: fixture.reportId },
        as: adminAs,
      },
      200,
    );
    const reportParams = { id: String(fixture.reportId) };
    await call({ method: 'get', template: '/api/report/{id}', params: reportParams }, 200);
    const published = {
      ...reportParams,
      date: '2031-08-01',
      slug: `tax-test-${fixture.tag}`,
    };
    await call(
      { method: 'get', template: '/api/published/{id}/{date}/{slug}', params: published },
      200,
    );
    await call(
      {
        method: 'get',
        template: '/api/published/{id}/{date}/{slug}',
        params: { ...published, slug: 'an-old-slug' },
      },
      301,
    );
    await call(
      { method: 'get', template: '/api/reports/featured/{page}', params: { page: '1' } },
      200,
    );
    await call(
      { method: 'get', template: '/api/reports/latest/{page}', params: { page: '1' } },
      200,
    );
    await call(
      {
        method: 'get',
        template: '/api/reports/major/{page}/{list}/{value}/{archived}/{year}/{qrt}/{major}',
        params: {
          page: '1',
          list: fixture.industry,
          value: 'all',
          archived: 'false',
          ...period,
          major: 'false',
        },
      },
      200,
    );
    await call(
      {
        method: 'get',
        template: '/api/reports/sources/{companies}',
        params: { companies: `${cid('A')},${cid('B')}` },
      },
      200,
    );
    for (const file of ['json', 'csv']) {
      await call(
        {
          method: 'get',
          template: '/api/open/{market}/{file}',
          params: { market: 'us', file: `${fixture.industry}.${file}` },
          query: period,
        },
        200,
      );
      await call(
        { method: 'get', template: '/api/open/{file}', params: { file: `us.${file}` } },
        200,
      );
      await call(
        {
          method: 'get',
          template: '/api/open/reports/{file}',
          params: { file: `${fixture.reportId}.${file}` },
        },
        200,
      );
    }

    // Accounts: a visitor becomes a member, and back.
    await call({ method: 'get', template: '/api/csrf' }, 200);
    await call({ method: 'get', template: '/api/captcha' }, 200);
    const newcomer = await visitor();
    const email = stack.email('contract-newcomer');
    const signedUp = (await call(
      {
        method: 'post',
        template: '/api/signup',
        body: { ...signupForm(email), altcha: await solvedCaptcha(stack.bff.url) },
        as: newcomer,
      },
      201,
    )) as { user: { uid: string }; token: string };
    const password = signupForm(email).password;
    await call(
      { method: 'post', template: '/api/signin', body: { email, password }, as: await visitor() },
      200,
    );
    await call(
      {
        method: 'post',
        template: '/api/signin',
        body: { email, password: 'wrong password' },
        as: await visitor(),
      },
      401,
    );
    await call(
      { method: 'post', template: '/api/verify', body: { email, password }, as: await visitor() },
      200,
    );
    await call({ method: 'post', template: '/api/signout', as: { bearer: signedUp.token } }, 200);

    await call({ method: 'get', template: '/api/user', as: memberAs }, 200);
    await call({ method: 'post', template: '/api/welcome', as: memberAs }, 200);
    await call({ method: 'get', template: '/api/priorities', as: memberAs }, 200);
    await call(
      { method: 'put', template: '/api/priorities', body: { climate: 9, tax: 2 }, as: memberAs },
      200,
    );
    await call(
      { method: 'put', template: '/api/priorities', body: { climate: 11 }, as: memberAs },
      400,
    );
    await call({ method: 'get', template: '/api/settings', as: memberAs }, 200);
    await call(
      { method: 'put', template: '/api/settings', body: { theme: 'dark' }, as: memberAs },
      200,
    );

    const welcome = (await mailJobs(stack, 'welcome')).find(
      (job) => job.data.recipient.uid === member.uid,
    )!;
    await call(
      {
        method: 'post',
        template: '/api/unsubscribe',
        body: { uid: member.uid, key: welcome.data.recipient.unsubscribeKey },
        as: await visitor(),
      },
      200,
    );

    const leaver = await signUp(stack, 'contract-leaver');
    await call(
      {
        method: 'put',
        template: '/api/discontinue',
        body: { password: leaver.password },
        as: { browser: leaver.browser },
      },
      200,
    );
    const back = (await call(
      {
        method: 'post',
        template: '/api/signin',
        body: { email: leaver.email, password: leaver.password },
        as: await visitor(),
      },
      200,
    )) as { token: string };
    await call(
      { method: 'put', template: '/api/canceldiscontinue', body: {}, as: { bearer: back.token } },
      200,
    );

    const forgetful = await signUp(stack, 'contract-reset');
    await call(
      {
        method: 'post',
        template: '/api/reset',
        body: { email: forgetful.email, altcha: await solvedCaptcha(stack.bff.url) },
        as: await visitor(),
      },
      200,
    );
    const [hash] = await resetHashesOf(stack, forgetful.uid);
    await call({ method: 'get', template: '/api/validatehash/{hash}', params: { hash } }, 200);
    await call(
      { method: 'get', template: '/api/validatehash/{hash}', params: { hash: 'mangled' } },
      200,
    );
    await call(
      {
        method: 'post',
        template: '/api/resetpassword',
        body: { hash, password: 'another long passphrase 43' },
        as: await visitor(),
      },
      200,
    );

    await call(
      {
        method: 'post',
        template: '/api/message',
        body: {
          name: 'Grace Hopper',
          email: 'grace@example.org',
          message: 'A question about the data.',
          altcha: await solvedCaptcha(stack.bff.url),
        },
        as: await visitor(),
      },
      200,
    );

    // Follows.
    await call({ method: 'get', template: '/api/follows', as: memberAs }, 200);
    await call(
      {
        method: 'put',
        template: '/api/follows/{market}/{industry}/{company}',
        params: company,
        as: memberAs,
      },
      200,
    );
    await call(
      {
        method: 'put',
        template: '/api/follows/{market}/{industry}/{company}',
        params: { ...company, company: 'no-such-company' },
        as: memberAs,
      },
      404,
    );
    await call(
      { method: 'delete', template: '/api/follows/{cid}', params: { cid: cid('A') }, as: memberAs },
      200,
    );

    // Corrections: two requests, one accepted and one rejected by the admin.
    const correction = async () =>
      call(
        {
          method: 'post',
          template: '/api/corrections',
          body: {
            industry: fixture.industry,
            company: slug('B'),
            field: 'us_tax_score',
            period_year: 2031,
            period_qrt: 2,
            name: 'Grace Hopper',
            email: 'grace@example.org',
            what_is_wrong: 'The filing shows another rate.',
            evidence_url: 'https://example.org/filing',
            altcha: await solvedCaptcha(stack.bff.url),
          },
          as: await visitor(),
        },
        201,
      );
    await correction();
    await correction();
    await call(
      {
        method: 'get',
        template: '/api/admin/corrections',
        query: { page: '1', size: '50' },
        as: adminAs,
      },
      200,
    );
    // From the database: other files' open requests may fill the queue's first page.
    const rows = await stack.db.query(
      'SELECT id FROM rankings.correction_requests WHERE industry = $1 ORDER BY id',
      [fixture.industry],
    );
    const ids = rows.rows.map((row: { id: number }) => String(row.id));
    expect(ids).toHaveLength(2);
    await call(
      {
        method: 'post',
        template: '/api/admin/corrections/{id}/accept',
        params: { id: ids[0] },
        body: { after_value: 1, source_url: 'https://example.org/source', reason: 'Checked.' },
        as: adminAs,
      },
      200,
    );
    await call(
      {
        method: 'post',
        template: '/api/admin/corrections/{id}/reject',
        params: { id: ids[1] },
        body: { reason: 'The filing says otherwise.' },
        as: adminAs,
      },
      200,
    );
    await call(
      {
        method: 'get',
        template: '/api/corrections/{market}/{industry}/{company}',
        params: companyParams('B'),
      },
      200,
    );
    await call(
      {
        method: 'get',
        template: '/api/corrections/{market}/{industry}/{company}',
        params: { ...company, company: 'no-such-company' },
      },
      404,
    );

    // The editors' desk (decision 0077): a file of one row, a fixture score as it is, staged,
    // previewed, published and rolled back, so the public data ends as it began.
    const desk = (await call(
      { method: 'get', template: '/api/admin/data', as: adminAs },
      200,
    )) as DeskState;
    if (desk.draft !== null) {
      await call({ method: 'delete', template: '/api/admin/data/draft', as: adminAs }, 204);
    }
    await call({ method: 'delete', template: '/api/admin/data/draft', as: adminAs }, 404);
    const { upload_id } = (await call(
      { method: 'post', template: '/api/admin/data/uploads', as: adminAs },
      201,
    )) as DeskUpload;
    // A's tax becomes the best: B and C move down a place.
    const deskFile = {
      scores: [{ upright_cid: cid('A'), period_year: 2031, period_qrt: 2, us_tax_score: 0 }],
    };
    await call(
      {
        method: 'put',
        template: '/api/admin/data/uploads/{id}/chunks/{n}',
        params: { id: upload_id, n: '0' },
        bytes: Buffer.from(JSON.stringify(deskFile)),
        as: adminAs,
      },
      204,
    );
    const deskJob = async (started: unknown): Promise<DeskJob> => {
      const { job_id } = started as DeskJobStarted;
      return eventually(`desk job ${job_id}`, async () => {
        const job = (await call(
          {
            method: 'get',
            template: '/api/admin/data/jobs/{id}',
            params: { id: job_id },
            as: adminAs,
          },
          200,
        )) as DeskJob;
        return job.state !== 'running' && job;
      });
    };
    const staged = await deskJob(
      await call(
        {
          method: 'post',
          template: '/api/admin/data/uploads/{id}/stage',
          params: { id: upload_id },
          body: { chunks: 1, replace: false },
          as: adminAs,
        },
        202,
      ),
    );
    expect(staged).toMatchObject({ state: 'done' });
    await call(
      {
        method: 'get',
        template: '/api/admin/data/draft/preview/{industry}',
        params: { industry: fixture.industry },
        as: adminAs,
      },
      200,
    );
    const deskPublished = await deskJob(
      await call(
        {
          method: 'post',
          template: '/api/admin/data/publish',
          body: { version_id: staged.version_id },
          as: adminAs,
        },
        202,
      ),
    );
    expect(deskPublished).toMatchObject({ state: 'done' });
    const rolledBack = await deskJob(
      await call({ method: 'post', template: '/api/admin/data/rollback', as: adminAs }, 202),
    );
    expect(rolledBack).toMatchObject({ state: 'done' });
    // A draft discarded: the same file staged again, then thrown away.
    const again = (await call(
      { method: 'post', template: '/api/admin/data/uploads', as: adminAs },
      201,
    )) as DeskUpload;
    await send({
      method: 'put',
      template: '/api/admin/data/uploads/{id}/chunks/{n}',
      params: { id: again.upload_id, n: '0' },
      bytes: Buffer.from(JSON.stringify(deskFile)),
      as: adminAs,
    });
    const restaged = await deskJob(
      await call(
        {
          method: 'post',
          template: '/api/admin/data/uploads/{id}/stage',
          params: { id: again.upload_id },
          body: { chunks: 1, replace: false },
          as: adminAs,
        },
        202,
      ),
    );
    expect(restaged).toMatchObject({ state: 'done' });
    await call({ method: 'delete', template: '/api/admin/data/draft', as: adminAs }, 204);
    await call(
      { method: 'get', template: '/api/admin/data/log', query: { page: '1' }, as: adminAs },
      200,
    );

    // Search and its analytics.
    const app = { app: 'companies' };
    for (const template of [
      '/api/search/{app}/_reactivesearch',
      '/api/search/{app}/_reactivesearch.v3',
    ]) {
      await call(
        {
          method: 'post',
          template,
          params: app,
          body: {
            query: searchBarRequests.enter(`Company A ${fixture.tag}`),
            settings: { recordAnalytics: true },
          },
          // Exempt from CSRF: ReactiveSearch's client sends no token.
          as: { browser: member.browser, csrf: false },
        },
        200,
      );
    }
    // Exempt from CSRF too: ReactiveSearch's analytics client sends no token either.
    const impressions = (await call(
      {
        method: 'put',
        template: '/api/search/{app}/_analytics/search',
        params: app,
        body: { query: 'company', impressions: [{ index: 'companies', id: cid('A') }] },
        as: { browser: member.browser, csrf: false },
      },
      200,
    )) as { query_id: string };
    await call(
      {
        method: 'put',
        template: '/api/search/{app}/_analytics/click',
        params: app,
        body: { query_id: impressions.query_id, click_type: 'result', click_on: { [cid('A')]: 1 } },
        as: { browser: member.browser, csrf: false },
      },
      200,
    );
    await call(
      {
        method: 'get',
        template: '/api/search/_analytics/{app}/recent-searches',
        params: app,
        as: memberAs,
      },
      200,
    );

    expect(violations).toEqual([]);
    const unexercised = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .map((method) => `${method.toUpperCase()} ${path}`)
        .filter((key) => !exercised.has(key)),
    );
    expect(unexercised).toEqual([]);
  });

  it('states the limits of each whole-number and list parameter as the server enforces them', async () => {
    const checked: string[] = [];
    for (const [key, request] of exercised) {
      if (request.method !== 'get') continue;
      for (const parameter of operationOf(request).parameters ?? []) {
        const { minimum, maximum, minItems, maxItems } = parameter.schema as Record<string, number>;
        const probes: Array<[string, boolean]> = [];
        if (parameter.schema.type === 'integer') {
          probes.push([String(maximum + 1), false], [String(minimum - 1), false]);
          probes.push([String(maximum), true], [String(minimum), true]);
        } else if (parameter.schema.type === 'array') {
          const list = (length: number) =>
            Array.from({ length }, (_, n) => `company-${n}`).join(',');
          // Unknown companies are a 404, not a 400: the list itself is accepted. An empty path
          // segment is another route: a path's list is never empty.
          probes.push([list(maxItems + 1), false], [list(maxItems), true], [list(minItems), true]);
          if (parameter.in === 'query' || minItems > 1) probes.push([list(minItems - 1), false]);
        } else {
          continue;
        }
        for (const [value, accepted] of probes) {
          const probe = {
            ...request,
            [parameter.in === 'path' ? 'params' : 'query']: {
              ...(parameter.in === 'path' ? request.params : request.query),
              [parameter.name]: value,
            },
          };
          const sent = await send(probe);
          violations.push(...problemsOf(probe, sent));
          checked.push(`${key} ${parameter.name}=${value.slice(0, 20)}`);
          if ((sent.status === 400) === accepted) {
            violations.push(`${key}: ${parameter.name}=${value} answered ${sent.status}`);
          }
          if ((requestProblems(probe).length === 0) !== accepted) {
            violations.push(`${key}: the document disagrees on ${parameter.name}=${value}`);
          }
        }
      }
    }
    expect(violations).toEqual([]);
    for (const name of ['page', 'year', 'qrt', 'count', 'size', 'id', 'c', 'companies']) {
      expect(checked.some((probe) => probe.includes(` ${name}=`))).toBe(true);
    }
  });

  it('refuses, from the document alone, each bad request the server refuses', async () => {
    const industry = { market: 'us', industry: fixture.industry };
    const companies = (template: string, query: Record<string, string>): Request => ({
      method: 'get',
      template,
      params: industry,
      query,
    });
    const openFile = (file: string): Request => ({
      method: 'get',
      template: '/api/open/{market}/{file}',
      params: { market: 'us', file },
    });
    const reportFile = (file: string): Request => ({
      method: 'get',
      template: '/api/open/reports/{file}',
      params: { file },
    });
    const sources = (ids: string): Request => ({
      method: 'get',
      template: '/api/reports/sources/{companies}',
      params: { companies: ids },
    });
    const company = (name: string): Request => ({
      method: 'get',
      template: '/api/primary/{market}/{industry}/{company}',
      params: { ...industry, company: name },
    });
    const search = (body: unknown): Request => ({
      method: 'post',
      template: '/api/search/{app}/_reactivesearch.v3',
      params: { app: 'companies' },
      body,
      as: { browser: member.browser, csrf: false },
    });
    const guest = await visitor();
    const ids = (count: number) => Array.from({ length: count }, (_, n) => `UC${n}`).join(',');
    const bad: Request[] = [
      // Parameters given only together, and of the wrong type.
      companies('/api/companies/{market}/{industry}', { year: '2031' }),
      companies('/api/companies/{market}/{industry}', { qrt: '2' }),
      companies('/api/companies/{market}/{industry}', { year: 'last', qrt: '2' }),
      { ...openFile(`${fixture.industry}.csv`), query: { qrt: '2' } },
      companies('/api/compare/{market}/{industry}', { c: 'only-one' }),
      // File names out of the pattern.
      openFile(`${fixture.industry}.xml`),
      openFile(`${fixture.industry.toUpperCase()}.csv`),
      openFile('fast--food.json'),
      openFile(`${'a'.repeat(101)}.csv`),
      reportFile('0.csv'),
      reportFile('2147483648.json'),
      reportFile('x1.json'),
      reportFile('12.xml'),
      { method: 'get', template: '/api/open/{file}', params: { file: 'US.csv' } },
      // Company lists over the limit or malformed, companies out of their limits.
      sources(ids(101)),
      sources('UC1,,UC2'),
      sources('UC 1'),
      company('x'.repeat(201)),
      company('a..b'),
      company('a\u0001b'),
      // Junk search bodies.
      search([]),
      search({}),
      search({ query: 'companies' }),
      search({ query: [] }),
      search({ query: [{ type: 'search' }] }),
      search({ query: [{ id: 'q', customQuery: { match_all: {} } }] }),
      search({ query: [{ id: 'q', size: 10_000 }] }),
      search({ query: [{ id: 'q', type: 'fuzzy' }] }),
      search({ query: [{ id: 'q', react: { and: 5 } }] }),
      search({ query: [{ id: 'q' }], index: 'companies' }),
      search({ query: [{ id: 'q' }], settings: { recordAnalytics: 'yes' } }),
      search({ query: Array.from({ length: 21 }, (_, n) => ({ id: `q${n}` })) }),
      // Bodies of writes: wrong types, missing fields.
      {
        method: 'put',
        template: '/api/priorities',
        body: { climate: 'high' },
        as: { browser: member.browser },
      },
      { method: 'post', template: '/api/signin', body: { email: 'a@example.org' }, as: guest },
      {
        method: 'post',
        template: '/api/signin',
        body: { email: 5, password: 'long enough 1' },
        as: guest,
      },
    ];
    for (const request of bad) {
      const key = `${request.method.toUpperCase()} ${urlOf(request).slice(0, 80)} ${JSON.stringify(request.body ?? '').slice(0, 80)}`;
      const sent = await send(request);
      violations.push(...problemsOf(request, sent));
      if (sent.status !== 400) violations.push(`${key}: the server answered ${sent.status}`);
      if (requestProblems(request).length === 0) violations.push(`${key}: the document accepts it`);
    }
    expect(violations).toEqual([]);
  });

  it('declares who may call: a session for members and admins, the CSRF pair on writes', async () => {
    for (const [key, request] of exercised) {
      const operation = operationOf(request);
      const alternatives = operation.security ?? [{}];
      const anonymous = alternatives.some((requirement) => Object.keys(requirement).length === 0);
      const access = operation['x-upright-access'];
      if (access === 'member' || access === 'admin') {
        expect({ key, anonymous }).toEqual({ key, anonymous: false });
        const refused = await send({ ...request, as: await visitor() });
        expect({ key, status: refused.status }).toEqual({ key, status: 401 });
        violations.push(...problemsOf(request, refused));
      }
      if (access === 'admin') {
        const refused = await send({ ...request, as: { browser: member.browser } });
        expect({ key, status: refused.status }).toEqual({ key, status: 403 });
      }
      const csrf = alternatives
        .filter((requirement) => !('bearer' in requirement))
        .every((requirement) => 'csrfHeader' in requirement && 'csrfCookie' in requirement);
      if (request.method !== 'get' && csrf) {
        const refused = await send({ ...request, as: { browser: member.browser, csrf: false } });
        expect({ key, status: refused.status }).toEqual({ key, status: 403 });
      }
      if (request.method !== 'get' && !csrf) {
        // Only ReactiveSearch's reads and analytics are exempt (its clients send no token), and
        // they were called without the header.
        expect(key).toMatch(/_reactivesearch|_analytics\/(search|click)/);
      }
      if (access === 'public' && request.method === 'get') {
        // Anyone may read, with nothing: the document says so outright.
        expect({ key, security: operation.security }).toEqual({ key, security: [] });
      }
    }
    expect(violations).toEqual([]);
  });
});
