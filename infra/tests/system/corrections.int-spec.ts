import { randomUUID } from 'node:crypto';
import {
  CORRECTION_PAGE_SIZE_DEFAULT,
  ERROR_TEXTS,
  type CorrectionLedger,
  type CorrectionReceipt,
  type DeskJob,
  type DeskJobStarted,
  type DeskState,
  type IndustryCompaniesResponse,
  type LedgerEntry,
  type OpenCorrectionsResponse,
  type StagedCorrection,
} from '@upright/contracts';
import type { StartedApp } from '@upright/platform/testing';
import {
  eventually,
  startTestApp,
  testInfra,
  uniqueTransportPrefix,
} from '@upright/platform/testing';
import Redis from 'ioredis';
import { Client } from 'pg';
import { mailService } from '@upright/mail';
import { Maildev, type ReceivedMail } from '@upright/mail/testing';
import { bffService } from '@upright/bff';
import {
  insertTaxFixture,
  promoteToAdmin,
  removeTaxFixture,
  startAccountsAndData,
  type TaxFixture,
} from './support/admin-and-industry';
import { Browser, signupForm, solvedCaptcha } from './support/accounts-stack';

/**
 * Corrections with a public ledger (decision 0038) over HTTP, with accounts, rankings,
 * reports, mail, the BFF, real Postgres, Redis and a real SMTP server (maildev): a visitor's
 * request is acknowledged by mail at once; an admin accepts it, which stages the new value in
 * the editors' desk's draft (decision 0077: nothing public changes, nobody is mailed); publishing
 * the draft makes it new data (the ledger shows before → after, the company's rank moves, a
 * published report does not) and mails the requester; a rejection shows its reason; nobody but an
 * admin reaches the queue; bad input stores nothing.
 */
describe('corrections through the BFF', () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('corrections');
  const queuePrefix = `${prefix}-queues`;
  const tag = randomUUID().slice(0, 6);
  const TAXES = [
    ['A', 3],
    ['B', 1],
    ['C', 2],
  ] as const;
  const industry = `zz-${tag}-corr`;
  const reportId = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const fixture: TaxFixture = { tag, industry, reportId, queuePrefix };
  const cid = (name: string) => `ZZ${tag}${name}`;
  const slug = (name: string) => `company-${name.toLowerCase()}-${tag}`;
  const common = {
    REDIS_URL: infra.redisUrl,
    TRANSPORT_PREFIX: prefix,
    REQUEST_DEADLINE_MS: '5000',
  };
  const apps: StartedApp[] = [];
  let maildev: Maildev;
  let bff: StartedApp;
  let db: Client;
  let adminToken: string;
  let memberToken: string;
  const password = `correct horse ${tag} battery`;

  async function call<T = Record<string, unknown>>(
    method: string,
    route: string,
    body?: unknown,
    token?: string,
  ) {
    const visitor = await new Browser(bff.url).open();
    return visitor.call<T>(method, route, body, token ? { bearer: token } : {});
  }

  async function ask(overrides: Record<string, unknown> = {}) {
    return call<CorrectionReceipt>('POST', '/api/corrections', {
      industry,
      company: slug('A'),
      field: 'us_tax_score',
      period_year: 2031,
      period_qrt: 2,
      name: 'Grace Hopper',
      email: `grace-${tag}@example.org`,
      what_is_wrong: 'The 2031 tax filing shows a lower rate.',
      evidence_url: 'https://example.org/filing',
      altcha: await solvedCaptcha(bff.url),
      ...overrides,
    });
  }

  const ledger = (company = slug('A')) =>
    call<CorrectionLedger>('GET', `/api/corrections/us/${industry}/${company}`);

  async function mailTo(subject: string): Promise<ReceivedMail> {
    return eventually(`the mail "${subject}"`, async () =>
      (await maildev.mails()).find(
        (mail) => mail.to[0]?.address === `grace-${tag}@example.org` && mail.subject === subject,
      ),
    );
  }

  async function storedRequests(): Promise<number> {
    const rows = await db.query(
      'SELECT count(*)::int AS n FROM rankings.correction_requests WHERE industry = $1',
      [industry],
    );
    return (rows.rows[0] as { n: number }).n;
  }

  async function signUp(email: string): Promise<string> {
    const browser = await new Browser(bff.url).open();
    const answer = await browser.call<{ token: string }>('POST', '/api/signup', {
      ...signupForm(email, { password }),
      altcha: await solvedCaptcha(bff.url),
    });
    if (answer.status !== 201) throw new Error(`sign-up: ${JSON.stringify(answer.body)}`);
    return answer.body.token;
  }

  beforeAll(async () => {
    db = new Client({ connectionString: infra.adminUrl() });
    await db.connect();
    await insertTaxFixture(db, fixture, TAXES);
    maildev = await Maildev.start();
    apps.push(
      ...(await startAccountsAndData(common, fixture, (owner) => infra.databaseUrl(owner))),
    );
    bff = await startTestApp(bffService, {
      ...common,
      WEB_DIST_DIR: '',
      CAPTCHA_COST: '1',
      CAPTCHA_MAX_COUNTER: '200',
      RATE_LIMIT_CONTACT: '1000/60',
      RATE_LIMIT_SIGNUP: '1000/60',
      RATE_LIMIT_CAPTCHA: '1000/60',
    });
    apps.push(bff);
    apps.push(
      await startTestApp(mailService, {
        ...common,
        QUEUE_PREFIX: queuePrefix,
        SMTP_URL: maildev.smtpUrl,
        MAIL_FROM: 'mail@upright.test',
        CONTACT_INBOX: 'inbox@upright.test',
        PUBLIC_URL: 'https://upright.test',
      }),
    );
    const adminEmail = `corr-admin-${tag}@example.org`;
    memberToken = await signUp(`corr-member-${tag}@example.org`);
    await signUp(adminEmail);
    await promoteToAdmin(db, adminEmail, infra.databaseUrl('accounts'));
    const browser = await new Browser(bff.url).open();
    adminToken = (
      await browser.call<{ token: string }>('POST', '/api/signin', { email: adminEmail, password })
    ).body.token;
  });

  afterAll(async () => {
    for (const app of apps.reverse()) await app.app.close();
    await removeTaxFixture(db, fixture, infra.redisUrl, `corr-%-${tag}@example.org`);
    await db.end();
    await maildev?.dispose();
  });

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ name: undefined }, 'name', /name/],
      [{ email: 'not-an-address' }, 'email', /email must be an email address/],
      [{ evidence_url: 'javascript:alert(1)' }, 'evidence_url', /http:\/\/ or https:\/\//],
      [{ evidence_url: 'ftp://example.org/x' }, 'evidence_url', /http:\/\/ or https:\/\//],
      [{ field: 'company_name' }, 'field', /field must be one of: climate_score/],
      [{ period_qrt: 5 }, 'period_qrt', /from 1 to 4/],
      [{ what_is_wrong: 'x'.repeat(2001) }, 'what_is_wrong', /at most 2000 characters/],
      [{ uid: 'someone' }, 'request', /unknown field\(s\) uid/],
      [{ altcha: 'not-solved' }, 'altcha', /captcha could not be verified/],
    ];
    for (const [overrides, field, message] of cases) {
      const answer = await ask(overrides);
      expect({ field, status: answer.status }).toEqual({ field, status: 400 });
      expect(answer.body).toMatchObject({ error: { code: 'validation_failed' } });
      expect((answer.body as unknown as { error: { message: string } }).error.message).toMatch(
        message,
      );
    }
    const unknownCompany = await ask({ company: 'no-such-company' });
    expect(unknownCompany.status).toBe(404);
    expect(unknownCompany.body).toMatchObject({ error: { code: 'not_found', field: 'company' } });
    const noData = await ask({ period_year: 2030 });
    expect(noData.status).toBe(404);
    expect(noData.body).toMatchObject({ error: { code: 'not_found', field: 'period_year' } });
    expect(await storedRequests()).toBe(0);
  });

  it('keeps the queue from anyone but an admin: 401 signed out, 403 for a member', async () => {
    for (const [method, route, body] of [
      ['GET', '/api/admin/corrections', undefined],
      [
        'POST',
        '/api/admin/corrections/1/accept',
        { after_value: 1, source_url: 'https://x.org', reason: 'r' },
      ],
      ['POST', '/api/admin/corrections/1/reject', { reason: 'r' }],
    ] as const) {
      expect((await call(method, route, body)).status).toBe(401);
      const member = await call(method, route, body, memberToken);
      expect(member.status).toBe(403);
      expect(member.body).toMatchObject({ error: { code: 'forbidden' } });
    }
  });

  it('request → receipt mail → admin accepts (staged in the draft, nothing public changes) → publish → new data: ledger before → after, rank moves, report frozen', async () => {
    const published = await call('POST', '/api/reports/pub', { report_id: reportId }, adminToken);
    expect(published.status).toBe(200);
    const reportPath = `/api/published/${reportId}/2031-08-01/tax-test-${tag}`;
    const reportBefore = await call('GET', reportPath);
    expect(reportBefore.status).toBe(200);
    const rankOfA = async () => {
      const answer = await call<IndustryCompaniesResponse>('GET', `/api/companies/us/${industry}`);
      return answer.body.result.ranked.find((company) => company.upright_cid === cid('A'))!
        .normalized_rank;
    };
    expect(await rankOfA()).toBe(3);
    const emptyLedger = await ledger();
    expect(emptyLedger.body).toMatchObject({
      open_requests: 0,
      entries: [],
      page: { page: 1, size: CORRECTION_PAGE_SIZE_DEFAULT, total: 0 },
    });

    const receipt = await ask();
    expect(receipt.status).toBe(201);
    expect(receipt.body).toEqual({ reference: expect.stringMatching(/^C-\d+$/), promise_days: 14 });
    const { reference } = receipt.body;

    const received = await mailTo(
      `We received your correction request ${reference} for Company A ${tag}`,
    );
    expect(received.text).toContain('within 14 days');
    expect(received.text).toContain(reference);
    expect(received.text).toContain(`https://upright.test/corrections/us/${industry}/${slug('A')}`);
    // Anyone can ask with any address: the receipt quotes neither the text nor the name.
    for (const rendered of [received.subject, received.text, received.html]) {
      expect(rendered).not.toContain('The 2031 tax filing');
      expect(rendered).not.toContain('Grace');
    }

    // The open request is counted on the public ledger at once, not listed until decided.
    const open = await eventually('the open request counted on the ledger', async () => {
      const answer = await ledger();
      return answer.body.open_requests === 1 && answer;
    });
    expect(open.body.entries).toEqual([]);
    expect(JSON.stringify(open.body)).not.toContain(reference);
    expect(JSON.stringify(open.body)).not.toMatch(/grace|Hopper/i);

    const queue = await call<OpenCorrectionsResponse>(
      'GET',
      '/api/admin/corrections',
      undefined,
      adminToken,
    );
    expect(queue.status).toBe(200);
    const mine = queue.body.corrections.find((entry) => entry.reference === reference)!;
    expect(mine).toMatchObject({
      requester_name: 'Grace Hopper',
      requester_email: `grace-${tag}@example.org`,
      current_value: 3,
      evidence_url: 'https://example.org/filing',
    });

    const accept = (body: Record<string, unknown>) =>
      call<StagedCorrection>('POST', `/api/admin/corrections/${mine.id}/accept`, body, adminToken);
    // A draft another file left would be published with this one.
    const desk = await call<DeskState>('GET', '/api/admin/data', undefined, adminToken);
    if (desk.body.draft !== null) {
      expect((await call('DELETE', '/api/admin/data/draft', undefined, adminToken)).status).toBe(
        204,
      );
    }
    const badAccept = await accept({
      after_value: 'low',
      source_url: 'https://irs.example.org',
      reason: 'r',
    });
    expect(badAccept.status).toBe(400);
    expect(badAccept.body).toMatchObject({ error: { field: 'after_value' } });
    const accepted = await accept({
      after_value: 0.5,
      source_url: 'https://irs.example.org/2031',
      reason: 'The filing confirms a lower effective rate.',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      reference,
      status: 'staged',
      resolved_at: null,
      corrected_field: 'us_tax_score',
      before_value: 3,
      after_value: 0.5,
      staged_version: expect.any(Number),
    });
    const draftVersion = accepted.body.staged_version;

    // Staged in the draft: nothing public changes, the ledger still counts it as open, the
    // admins' queue shows where it waits, and the requester is not told yet.
    expect(await rankOfA()).toBe(3);
    const stagedLedger = await ledger();
    expect(stagedLedger.body).toMatchObject({ open_requests: 1, entries: [] });
    const stagedQueue = await call<OpenCorrectionsResponse>(
      'GET',
      '/api/admin/corrections?size=50',
      undefined,
      adminToken,
    );
    expect(stagedQueue.body.staged).toBeGreaterThanOrEqual(1);
    expect(stagedQueue.body.corrections.find((one) => one.reference === reference)).toMatchObject({
      requester_email: `grace-${tag}@example.org`,
      current_value: 3,
      staged: { version_id: draftVersion, corrected_field: 'us_tax_score', after_value: 0.5 },
    });
    const deskState = await call<DeskState>('GET', '/api/admin/data', undefined, adminToken);
    expect(deskState.body.draft).toMatchObject({ version_id: draftVersion, corrections: 1 });

    expect(
      (await maildev.mails()).some((mail) =>
        mail.subject.startsWith(`Your correction request ${reference}`),
      ),
    ).toBe(false);

    // The admin publishes the draft on the desk.
    const started = await call<DeskJobStarted>(
      'POST',
      '/api/admin/data/publish',
      { version_id: draftVersion },
      adminToken,
    );
    expect(started.status).toBe(202);
    const job = await eventually('the publish', async () => {
      const answer = await call<DeskJob>(
        'GET',
        `/api/admin/data/jobs/${started.body.job_id}`,
        undefined,
        adminToken,
      );
      return answer.body.state !== 'running' && answer.body;
    });
    expect(job).toMatchObject({ state: 'done', version_id: draftVersion });

    const entry = await eventually('the accepted entry on the ledger', async () => {
      const answer = await ledger();
      return answer.body.entries[0]?.status === 'accepted' && answer.body;
    });
    expect(entry.open_requests).toBe(0);
    expect(entry.entries[0]).toMatchObject({
      before_value: 3,
      after_value: 0.5,
      reason: 'The filing confirms a lower effective rate.',
      source_url: 'https://irs.example.org/2031',
      resolved_at: expect.any(String),
    });
    expect(entry.promise_days).toBe(14);
    expect(entry.median_resolution_seconds.company).toEqual(expect.any(Number));
    expect(entry.median_resolution_seconds.site).toEqual(expect.any(Number));

    // New data: the company goes from last to first, at once (the data versions moved).
    expect(await rankOfA()).toBe(1);
    // The published report is a snapshot: unchanged.
    expect(await call('GET', reportPath)).toMatchObject({ status: 200, body: reportBefore.body });

    const resolved = await mailTo(`Your correction request ${reference} was accepted`);
    expect(resolved.text).toContain('3 → 0.5');
    expect(resolved.text).toContain('the new value is now published');
    // Mailed once: on the publish, not on the accept.
    const decisions = (await maildev.mails()).filter(
      (mail) => mail.subject === `Your correction request ${reference} was accepted`,
    );
    expect(decisions).toHaveLength(1);

    const again = await accept({
      after_value: 1,
      source_url: 'https://x.example.org',
      reason: 'again',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: { code: 'conflict', message: `Correction request ${reference} was already accepted` },
    });
    // Who asked is erased with the resolution.
    const stored = await db.query(
      'SELECT requester_name, requester_email FROM rankings.correction_requests WHERE id = $1',
      [mine.id],
    );
    expect(stored.rows[0]).toEqual({ requester_name: null, requester_email: null });
  });

  it('a rejection needs a reason, shows it on the ledger and mails the requester', async () => {
    const receipt = await ask({ company: slug('B'), field: 'normalized_rank' });
    expect(receipt.status).toBe(201);
    const { reference } = receipt.body;
    const id = Number(reference.slice(2));
    const reject = (body: unknown, route = `/api/admin/corrections/${id}/reject`) =>
      call<LedgerEntry>('POST', route, body, adminToken);

    expect((await reject({})).status).toBe(400);
    expect((await reject({ reason: '   ' })).body).toMatchObject({ error: { field: 'reason' } });
    expect((await reject({ reason: 'x' }, '/api/admin/corrections/2147483000/reject')).status).toBe(
      404,
    );
    // A rank is made from scores: accepting one needs the score to change named.
    const unnamed = await call(
      'POST',
      `/api/admin/corrections/${id}/accept`,
      { after_value: 1, source_url: 'https://x.example.org', reason: 'r' },
      adminToken,
    );
    expect(unnamed.status).toBe(400);
    expect(unnamed.body).toMatchObject({ error: { field: 'corrected_field' } });

    const rejected = await reject({ reason: 'The rank follows the published scores.' });
    expect(rejected.status).toBe(200);
    const entry = await eventually('the rejected entry on the ledger', async () => {
      const answer = await ledger(slug('B'));
      return answer.body.entries[0]?.status === 'rejected' && answer.body.entries[0];
    });
    expect(entry).toMatchObject({
      reference,
      field_label: 'Overall rank',
      reason: 'The rank follows the published scores.',
      before_value: null,
      after_value: null,
      source_url: null,
    });
    const mail = await mailTo(`Your correction request ${reference} was not accepted`);
    expect(mail.text).toContain('The rank follows the published scores.');
    expect((await reject({ reason: 'again' })).status).toBe(409);
  });

  it('lists decided requests a page at a time, counts open ones, and refuses bad pages', async () => {
    const company = slug('C');
    const references: string[] = [];
    for (const i of [1, 2, 3]) {
      const receipt = await ask({ company, email: `pager-${i}-${tag}@example.org` });
      expect(receipt.status).toBe(201);
      references.push(receipt.body.reference);
    }
    for (const reference of references) {
      const rejected = await call(
        'POST',
        `/api/admin/corrections/${reference.slice(2)}/reject`,
        { reason: `Checked ${reference}` },
        adminToken,
      );
      expect(rejected.status).toBe(200);
    }
    const stillOpen = await ask({ company, email: `pager-4-${tag}@example.org` });
    expect(stillOpen.status).toBe(201);

    const page = (query: string) =>
      call<CorrectionLedger>('GET', `/api/corrections/us/${industry}/${company}?${query}`);
    const first = await page('size=2');
    const second = await page('page=2&size=2');
    expect(first.status).toBe(200);
    expect(first.body.page).toEqual({ page: 1, size: 2, total: 3 });
    expect(second.body.page).toEqual({ page: 2, size: 2, total: 3 });
    expect([first.body.open_requests, second.body.open_requests]).toEqual([1, 1]);
    // Most recently decided first; the open request is counted, never listed.
    const listed = (answer: typeof first) => answer.body.entries.map((entry) => entry.reference);
    expect(listed(first)).toEqual([references[2], references[1]]);
    expect(listed(second)).toEqual([references[0]]);
    expect((await page('page=3&size=2')).body.entries).toEqual([]);
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=1001', 'page'],
      ['page=1.5', 'page'],
      ['page=two', 'page'],
      ['size=0', 'size'],
      ['size=51', 'size'],
      ['size=-5', 'size'],
    ]) {
      const answer = await page(query);
      expect({ query, status: answer.status }).toEqual({ query, status: 400 });
      expect(answer.body).toMatchObject({ error: { code: 'validation_failed', field } });
    }
  });

  it('caps the open requests of one address, however it is spelt: 409 naming email', async () => {
    for (const email of [
      `capped-${tag}@example.org`,
      `Capped-${tag}@Example.org`,
      `capped-${tag}+again@example.org`,
    ]) {
      expect((await ask({ company: slug('C'), email })).status).toBe(201);
    }
    const before = await storedRequests();
    const over = await ask({ company: slug('A'), email: `CAPPED-${tag}+more@example.org` });
    expect(over.status).toBe(409);
    expect(over.body).toEqual({
      error: {
        code: 'conflict',
        message: ERROR_TEXTS.correctionsOpenPerRequester,
        field: 'email',
      },
    });
    expect(await storedRequests()).toBe(before);
  });

  it("pages the admins' queue, oldest first, and refuses bad pages", async () => {
    const queue = (query: string) =>
      call<OpenCorrectionsResponse>(
        'GET',
        `/api/admin/corrections?${query}`,
        undefined,
        adminToken,
      );
    const first = await queue('size=1');
    const second = await queue('size=1&page=2');
    expect(first.status).toBe(200);
    // This suite left at least four requests open (other suites may share the database).
    expect(first.body.page.total).toBeGreaterThanOrEqual(4);
    expect(first.body.page).toMatchObject({ page: 1, size: 1 });
    expect(second.body.page).toEqual({ ...first.body.page, page: 2 });
    expect(first.body.corrections).toHaveLength(1);
    expect(second.body.corrections).toHaveLength(1);
    expect(second.body.corrections[0]!.id).not.toBe(first.body.corrections[0]!.id);
    expect(
      first.body.corrections[0]!.requested_at <= second.body.corrections[0]!.requested_at,
    ).toBe(true);
    for (const query of ['page=0', 'size=51', 'size=x']) {
      const answer = await queue(query);
      expect({ query, status: answer.status }).toEqual({ query, status: 400 });
    }
  });

  it('describes the page and size parameters in the OpenAPI document', async () => {
    type Operation = { parameters?: Array<{ in: string; name: string }> };
    const document = await call<{ paths: Record<string, { get: Operation }> }>(
      'GET',
      '/api/openapi.json',
    );
    for (const path of [
      '/api/corrections/{market}/{industry}/{company}',
      '/api/admin/corrections',
    ]) {
      const query = document.body.paths[path]!.get.parameters!.filter((one) => one.in === 'query');
      expect({ path, query: query.map((one) => one.name) }).toEqual({
        path,
        query: ['page', 'size'],
      });
    }
  });

  it('answers 404 for the ledger of an unknown company', async () => {
    const answer = await ledger('nobody-here');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: { code: 'not_found', field: 'company' } });
  });

  // Last: it leaves an open request, which the counts above do not expect.
  it('stores a request tried again with its Idempotency-Key once, even when the BFF kept nothing (decision 0050)', async () => {
    const before = await storedRequests();
    const body = {
      industry,
      company: slug('B'),
      field: 'us_tax_score',
      period_year: 2031,
      period_qrt: 2,
      name: 'Retrying Requester',
      email: `retry-${tag}@example.org`,
      what_is_wrong: 'The answer to my first try never came.',
      evidence_url: 'https://example.org/retry',
      altcha: await solvedCaptcha(bff.url),
    };
    const headers = { 'Idempotency-Key': randomUUID() };
    const send = async () =>
      (await new Browser(bff.url).open()).call<CorrectionReceipt>(
        'POST',
        '/api/corrections',
        body,
        {
          headers,
        },
      );
    const first = await send();
    expect(first.status).toBe(201);
    // The replica that answered died before keeping the outcome: rankings alone remembers the key.
    const redis = new Redis(infra.redisUrl);
    const kept = await redis.keys(`${prefix}:bff:idempotency:*`);
    expect(kept.length).toBeGreaterThan(0);
    await redis.del(...kept);
    await redis.quit();
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await storedRequests()).toBe(before + 1);
  });

  it('keeps a ledger answer until a request or a decision moves its version', async () => {
    const company = slug('B');
    await ledger(company);
    const kept = await ledger(company);
    // Written behind the services' back: no version moves, so the kept answer does not show it.
    await db.query(
      `INSERT INTO rankings.correction_requests
         (upright_cid, industry, field, period_year, period_qrt, requester_name,
          requester_email, what_is_wrong, evidence_url)
       VALUES ($1, $2, 'us_tax_score', 2031, 2, 'Ada', $3, 'Wrong.', 'https://example.org/x')`,
      [cid('B'), industry, `ada-${tag}@example.org`],
    );
    const again = await ledger(company);
    expect(again.body).toEqual(kept.body);
    expect(again.headers.get('etag')).toBe(kept.headers.get('etag'));

    // A request through the API moves it: both new open requests are counted.
    const receipt = await ask({ company, email: `linus-${tag}@example.org` });
    expect(receipt.status).toBe(201);
    await eventually('the request counted on the kept ledger', async () => {
      const answer = await ledger(company);
      return answer.body.open_requests === kept.body.open_requests + 2;
    });
    // And a decision moves it again.
    const rejected = await call(
      'POST',
      `/api/admin/corrections/${Number(receipt.body.reference.slice(2))}/reject`,
      { reason: 'The filing says otherwise.' },
      adminToken,
    );
    expect(rejected.status).toBe(200);
    const decided = await eventually('the decision on the kept ledger', async () => {
      const answer = await ledger(company);
      return answer.body.open_requests === kept.body.open_requests + 1 && answer;
    });
    expect(decided.body.entries[0]).toMatchObject({
      reference: receipt.body.reference,
      status: 'rejected',
    });
  });
});
