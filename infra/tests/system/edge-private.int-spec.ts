import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra } from '@upright/platform/testing';
import { rankingsService } from '@upright/rankings';
import { promoteToAdmin } from './support/admin-and-industry';
import {
  Browser,
  signUp,
  startAccountsStack,
  type AccountsStack,
  type SignedUp,
} from './support/accounts-stack';

jest.setTimeout(60_000);

const PRIVATE = 'private, no-store';

/**
 * Private by default (docs/product/rules.md#s11, decision 0049): every answer a route does not
 * declare public carries `Cache-Control: private, no-store`, so no browser history, proxy or CDN
 * keeps a member's or an admin's answer, and neither does anything a visitor is refused.
 */
describe('personal and admin answers are private', () => {
  const infra = testInfra();
  let stack: AccountsStack;
  let rankings: StartedApp;
  let member: SignedUp;
  let admin: Browser;

  beforeAll(async () => {
    stack = await startAccountsStack('edge-private');
    rankings = await startTestApp(rankingsService, {
      REDIS_URL: infra.redisUrl,
      TRANSPORT_PREFIX: stack.prefix,
      REQUEST_DEADLINE_MS: '5000',
      DATABASE_URL: infra.databaseUrl('rankings'),
    });
    member = await signUp(stack, 'private-member');
    const chief = await signUp(stack, 'private-admin');
    await promoteToAdmin(stack.db, chief.email, infra.databaseUrl('accounts'));
    // A session opened before the grant keeps the member role: sign in afresh.
    admin = await new Browser(stack.bff.url).open();
    const signedIn = await admin.call('POST', '/api/signin', {
      email: chief.email,
      password: chief.password,
    });
    expect(signedIn.status).toBe(200);
  });

  afterAll(async () => {
    await rankings?.app.close();
    await stack?.close();
  });

  it.each(['/api/user', '/api/settings', '/api/priorities', '/api/follows', '/api/csrf'])(
    "a member's GET %s is private, no-store",
    async (path) => {
      const answer = await member.browser.call('GET', path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe(PRIVATE);
    },
  );

  it("a member's write is private, no-store", async () => {
    const saved = await member.browser.call('PUT', '/api/priorities', {});
    expect(saved.status).toBeLessThan(500);
    expect(saved.headers.get('cache-control')).toBe(PRIVATE);
  });

  it("an admin's GET /api/admin/corrections is private, no-store", async () => {
    const answer = await admin.call('GET', '/api/admin/corrections');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe(PRIVATE);
  });

  it.each([
    '/api/user',
    '/api/settings',
    '/api/priorities',
    '/api/follows',
    '/api/admin/corrections',
  ])('a visitor refused %s is answered private, no-store', async (path) => {
    const answer = await new Browser(stack.bff.url).call('GET', path);
    expect([401, 403]).toContain(answer.status);
    expect(answer.headers.get('cache-control')).toBe(PRIVATE);
  });

  it('a public answer stays public', async () => {
    const answer = await new Browser(stack.bff.url).call('GET', '/api/averages');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
  });
});
