import { randomUUID } from 'node:crypto';
import { type PublishReportResponse } from '@upright/contracts';
import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { Client } from 'pg';
import { bffService } from '@upright/bff';
import {
  insertTaxFixture,
  promoteToAdmin,
  removeTaxFixture,
  startAccountsAndData,
  type TaxFixture,
} from './support/admin-and-industry';
import { signupForm, solvedCaptcha, visitorCsrfHeaders } from './support/accounts-stack';

/**
 * `POST /api/reports/pub` over HTTP with real accounts: members sign up as the site's form does
 * (captcha solved for real), and one becomes an admin through `make admin`'s command.
 */
describe('POST /api/reports/pub', () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('reports-pub');
  const queuePrefix = `${prefix}-queues`;
  const tag = randomUUID().slice(0, 6);
  const TAXES = [
    ['A', 3],
    ['B', 1],
  ] as const;
  const industry = `zz-${tag}-pub`;
  const reportId = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const fixture: TaxFixture = { tag, industry, reportId, queuePrefix };
  const common = {
    REDIS_URL: infra.redisUrl,
    TRANSPORT_PREFIX: prefix,
    REQUEST_DEADLINE_MS: '5000',
  };
  const apps: StartedApp[] = [];
  let bff: StartedApp;
  let admin: Client;
  let adminToken: string;
  let memberToken: string;

  async function call(token: string | null, body: unknown) {
    const response = await fetch(`${bff.url}/api/reports/pub`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        // Signed out, it is a visitor's write: with its CSRF token, as the web app sends it.
        ...(token ? { authorization: `Bearer ${token}` } : await visitorCsrfHeaders(bff.url)),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const password = `correct horse ${tag} battery`;

  async function signUp(email: string): Promise<string> {
    const response = await fetch(`${bff.url}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await visitorCsrfHeaders(bff.url)) },
      body: JSON.stringify({
        ...signupForm(email, { password }),
        altcha: await solvedCaptcha(bff.url),
      }),
    });
    const body = (await response.json()) as { token?: string };
    if (response.status !== 200 && response.status !== 201) {
      throw new Error(`sign-up answered ${response.status}: ${JSON.stringify(body)}`);
    }
    return body.token!;
  }

  async function signIn(email: string): Promise<string> {
    const response = await fetch(`${bff.url}/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await visitorCsrfHeaders(bff.url)) },
      body: JSON.stringify({ email, password }),
    });
    return ((await response.json()) as { token: string }).token;
  }

  beforeAll(async () => {
    admin = new Client({ connectionString: infra.adminUrl() });
    await admin.connect();
    await insertTaxFixture(admin, fixture, TAXES);
    apps.push(
      ...(await startAccountsAndData(common, fixture, (owner) => infra.databaseUrl(owner))),
    );
    bff = await startTestApp(bffService, { ...common, WEB_DIST_DIR: '' });
    apps.push(bff);

    const adminEmail = `pub-admin-${tag}@example.org`;
    memberToken = await signUp(`pub-member-${tag}@example.org`);
    await signUp(adminEmail);
    await promoteToAdmin(admin, adminEmail, infra.databaseUrl('accounts'));
    adminToken = await signIn(adminEmail);
  });

  afterAll(async () => {
    for (const app of apps.reverse()) await app.app.close();
    await removeTaxFixture(admin, fixture, infra.redisUrl, `pub-%-${tag}@example.org`);
    await admin.end();
  });

  it('is 401 signed out and 403 for a member; nothing is frozen', async () => {
    expect((await call(null, { report_id: reportId })).status).toBe(401);
    const member = await call(memberToken, { report_id: reportId });
    expect(member.status).toBe(403);
    expect(member.body).toMatchObject({ error: { code: 'forbidden' } });
    const snapshots = await admin.query(
      'SELECT 1 FROM reports.report_snapshots WHERE report_id = $1',
      [reportId],
    );
    expect(snapshots.rowCount).toBe(0);
  });

  it('publishes for an admin, and again answers the same snapshot', async () => {
    const first = await call(adminToken, { report_id: reportId });
    expect(first.status).toBe(200);
    const body = first.body as unknown as PublishReportResponse;
    expect(body.slug).toBe(`tax-test-${tag}`);
    expect(body.lowestRank).toBe(2);
    expect(body.normalized.map((company) => company.upright_cid)).toEqual([
      `ZZ${tag}B`,
      `ZZ${tag}A`,
    ]);
    expect(body.info).toMatchObject({ report_id: reportId, frozen: true, lowest_rank: 2 });
    const again = await call(adminToken, { report_id: reportId });
    expect(again).toEqual(first);
  });

  it('refuses a bad body naming the field, and an unknown report with 404', async () => {
    for (const body of [{}, { report_id: 'x' }, { report_id: 1, extra: true }, '[1]']) {
      const reply = await call(adminToken, body);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ error: { code: 'validation_failed' } });
    }
    const unknown = await call(adminToken, { report_id: 2147483000 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: { code: 'not_found', field: 'report_id' } });
  });
});
