import { Controller, Get, UseGuards } from '@nestjs/common';
import {
  DEFAULT_PRIORITY_VALUES,
  ERROR_TEXTS,
  Events,
  NOT_RANKED_PRIORITY_FIELDS,
  type Averages,
  type ErrorBody,
} from '@upright/contracts';
import { testInfra } from '@upright/platform/testing';
import type { Request } from 'express';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  AdminGuard,
  CurrentMember,
  type AuthenticatedMember,
  MemberValues,
} from '@upright/bff/testing';
import {
  averagesInDatabase,
  Browser,
  emittedEvents,
  mailJobs,
  signUp,
  solvedCaptcha,
  startAccountsStack,
  type AccountsStack,
} from './support/accounts-stack';

/** Test-only: a route behind AdminGuard, like the admin calls of other features. */
@Controller('api/test-admin-only')
class AdminOnlyController {
  @Get()
  @UseGuards(AdminGuard)
  check(@CurrentMember() member: AuthenticatedMember): { admin: string } {
    return { admin: member.uid };
  }
}

const repoRoot = path.resolve(__dirname, '..', '..', '..');

/** Priorities, the welcome mail, averages, member values, isolation and roles. */
describe('accounts: priorities, averages and permissions', () => {
  let stack: AccountsStack;

  beforeAll(async () => {
    stack = await startAccountsStack('acc-members', { extraControllers: [AdminOnlyController] });
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('reads default priorities, client names with "not ranked yet" fields', async () => {
    const member = await signUp(stack, 'defaults');
    const answer = await member.browser.call<Record<string, unknown>>('GET', '/api/priorities');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      uid: member.uid,
      values: DEFAULT_PRIORITY_VALUES,
      weighted: false,
      not_ranked_yet: NOT_RANKED_PRIORITY_FIELDS,
      prefs_updated: null,
    });
  });

  it('saves priorities twice and queues exactly one welcome mail', async () => {
    const member = await signUp(stack, 'welcome');
    const first = await member.browser.call<Record<string, unknown>>('PUT', '/api/priorities', {
      climate: 9,
      diverse_pay: 2,
      transparency: 0,
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      weighted: true,
      values: { ...DEFAULT_PRIORITY_VALUES, climate: 9, diverse_pay: 2, transparency: 0 },
    });
    const second = await member.browser.call('PUT', '/api/priorities', { climate: 8 });
    expect(second.status).toBe(200);
    // The spec's explicit call, too, finds it sent.
    const welcomeCall = await member.browser.call<{ queued: boolean }>('POST', '/api/welcome', {
      uid: member.uid,
    });
    expect(welcomeCall.body).toEqual({ queued: false });

    const welcomes = (await mailJobs(stack, 'welcome')).filter(
      (job) => job.data.recipient.uid === member.uid,
    );
    expect(welcomes).toHaveLength(1);
    expect(welcomes[0].id).toBe(`welcome_${member.uid}`);
    expect(welcomes[0].data.recipient).toMatchObject({ email: member.email, firstName: 'Ada' });
    expect(welcomes[0].data.recipient.unsubscribeKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const user = await member.browser.call<{ welcome_sent: boolean; prefs_updated: string }>(
      'GET',
      '/api/user',
    );
    expect(user.body.welcome_sent).toBe(true);
    expect(Date.parse(user.body.prefs_updated)).not.toBeNaN();

    // The mailed unsubscribe link works for this member only.
    const key = welcomes[0].data.recipient.unsubscribeKey;
    const visitor = await new Browser(stack.bff.url).open();
    const other = await signUp(stack, 'unsubscribe-other');
    const wrongUid = await visitor.call<ErrorBody>('POST', '/api/unsubscribe', {
      uid: other.uid,
      key,
    });
    expect(wrongUid.status).toBe(400);
    expect(wrongUid.body.error.message).toBe(ERROR_TEXTS.unsubscribeInvalid);
    const unsubscribed = await visitor.call('POST', '/api/unsubscribe', { uid: member.uid, key });
    expect(unsubscribed).toMatchObject({ status: 200, body: { unsubscribed: true } });
    const settings = await member.browser.call<{ subscriber: boolean }>('GET', '/api/settings');
    expect(settings.body.subscriber).toBe(false);
  });

  it('refuses out-of-range, wrong-type and unknown priority values', async () => {
    const member = await signUp(stack, 'bad-values');
    for (const [body, field] of [
      [{ climate: 11 }, 'climate'],
      [{ climate: -1 }, 'climate'],
      [{ climate: 2.5 }, 'climate'],
      [{ climate: '5' }, 'climate'],
    ] as const) {
      const answer = await member.browser.call<ErrorBody>('PUT', '/api/priorities', body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({
        field,
        message: `${field} must be a whole number from 0 to 10`,
      });
    }
    const unknown = await member.browser.call<ErrorBody>('PUT', '/api/priorities', {
      value_climate: 3,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/unknown field\(s\) value_climate/);
  });

  it('recomputes the averages on save, stores them and announces the change', async () => {
    const member = await signUp(stack, 'averages');
    const before = await emittedEvents(stack, Events.accounts.averagesChanged);
    const saved = await member.browser.call('PUT', '/api/priorities', {
      lobbying: 10,
      net_neutrality: 0,
    });
    expect(saved.status).toBe(200);
    const expected = await averagesInDatabase(stack);
    const answered = await new Browser(stack.bff.url).call<Averages>('GET', '/api/averages');
    expect(answered.body).toEqual(expected);
    const events = await emittedEvents(stack, Events.accounts.averagesChanged);
    expect(events.length).toBe(before.length + 1);
    expect(events.at(-1)).toEqual(expected);

    // Back to all-5: no longer weighted, so no longer counted.
    const reset = await member.browser.call<{ weighted: boolean }>('PUT', '/api/priorities', {
      lobbying: 5,
      net_neutrality: 5,
    });
    expect(reset.body.weighted).toBe(false);
    const counted = await stack.db.query(
      'SELECT weighted FROM accounts.priorities WHERE uid = $1',
      [member.uid],
    );
    expect(counted.rows[0].weighted).toBe(false);
    expect((await new Browser(stack.bff.url).call('GET', '/api/averages')).body).toEqual(
      await averagesInDatabase(stack),
    );
  });

  it('gives personal ranking weights only to a member who saved priorities', async () => {
    const memberValues = stack.bff.app.get(MemberValues);
    const asRequest = (token?: string) =>
      ({
        headers: token ? { authorization: `Bearer ${token}` } : {},
        cookies: {},
      }) as unknown as Request;
    expect(await memberValues.of(asRequest())).toBeNull();
    const member = await signUp(stack, 'weights');
    expect(await memberValues.of(asRequest(member.token))).toBeNull();
    await member.browser.call('PUT', '/api/priorities', { income_inequality: 8, tax: 0 });
    expect(await memberValues.of(asRequest(member.token))).toEqual({
      climate: 5,
      exec_pay: 8,
      lobbying: 5,
      tax: 0,
      price_inflation: 5,
      repurchases: 5,
      diverse_rep: 5,
      pay_gap: 5,
      net_neutrality: 5,
    });
    expect(await memberValues.of(asRequest('B'.repeat(43)))).toBeNull();
  });

  it('lets member A neither read nor change member B by any id', async () => {
    const a = await signUp(stack, 'member-a');
    const b = await signUp(stack, 'member-b');
    await b.browser.call('PUT', '/api/priorities', { climate: 1 });

    // No route takes a member id; ids in query strings or bodies name nobody.
    const aPriorities = await a.browser.call<{ uid: string; values: { climate: number } }>(
      'GET',
      `/api/priorities?uid=${b.uid}`,
    );
    expect(aPriorities.body.uid).toBe(a.uid);
    expect(aPriorities.body.values.climate).toBe(5);
    const aSettings = await a.browser.call<{ uid: string; email: string }>(
      'GET',
      `/api/settings?uid=${b.uid}&email=${encodeURIComponent(b.email)}`,
    );
    expect(aSettings.body).toMatchObject({ uid: a.uid, email: a.email });
    for (const [method, route, body] of [
      ['PUT', '/api/priorities', { uid: b.uid, climate: 10 }],
      ['PUT', '/api/settings', { uid: b.uid, first_name: 'Mallory' }],
      ['PUT', '/api/discontinue', { password: a.password, uid: b.uid }],
      ['PUT', '/api/canceldiscontinue', { email: b.email }],
    ] as const) {
      const answer = await a.browser.call<ErrorBody>(method, route, body);
      expect({ route, status: answer.status }).toEqual({ route, status: 400 });
      expect(answer.body.error.message).toMatch(/unknown field/);
    }
    expect((await a.browser.call('GET', `/api/user/${b.uid}`)).status).toBe(404);
    const bAfter = await b.browser.call<{ values: { climate: number } }>('GET', '/api/priorities');
    expect(bAfter.body.values.climate).toBe(1);
    const bSettings = await b.browser.call<{ first_name: string }>('GET', '/api/settings');
    expect(bSettings.body.first_name).toBe('Ada');
    const bUser = await b.browser.call<{ discontinue: boolean }>('GET', '/api/user');
    expect(bUser.body.discontinue).toBe(false);
  });

  it('lets only admins through AdminGuard (401 signed out, 403 member); make admin grants a verified email or a uid', async () => {
    const member = await signUp(stack, 'would-be-admin');
    const visitor = await new Browser(stack.bff.url).call<ErrorBody>('GET', '/api/test-admin-only');
    expect(visitor.status).toBe(401);
    const refused = await member.browser.call<ErrorBody>('GET', '/api/test-admin-only');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'forbidden', message: ERROR_TEXTS.adminOnly });

    const run = promisify(execFile);
    const cli = path.join(repoRoot, 'services/accounts/src/admin/cli.ts');
    // The stack's Redis and prefix: the grant is announced there, so the BFF forgets the member's
    // verified session and the role applies on the next request (not after SESSION_CACHE_S).
    const env = {
      ...process.env,
      DATABASE_URL: testInfra().databaseUrl('accounts'),
      REDIS_URL: testInfra().redisUrl,
      TRANSPORT_PREFIX: stack.prefix,
    };
    // Whoever registered an address first must not become admin by it: it must be verified.
    await expect(
      run('npx', ['tsx', cli, member.email.toUpperCase()], { cwd: repoRoot, env }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('not verified') });
    expect((await member.browser.call('GET', '/api/test-admin-only')).status).toBe(403);
    await stack.db.query('UPDATE accounts.users SET email_verified_at = now() WHERE uid = $1', [
      member.uid,
    ]);
    const granted = await run('npx', ['tsx', cli, member.email.toUpperCase()], {
      cwd: repoRoot,
      env,
    });
    expect(granted.stdout).toContain('is now an admin');
    // A uid names the member exactly, verified or not.
    const byUid = await signUp(stack, 'admin-by-uid');
    const grantedByUid = await run('npx', ['tsx', cli, byUid.uid], { cwd: repoRoot, env });
    expect(grantedByUid.stdout).toContain('is now an admin');
    expect((await byUid.browser.call('GET', '/api/test-admin-only')).status).toBe(200);
    await expect(
      run('npx', ['tsx', cli, stack.email('nobody-here')], { cwd: repoRoot, env }),
    ).rejects.toMatchObject({ code: 1 });

    const allowed = await member.browser.call<{ admin: string }>('GET', '/api/test-admin-only');
    expect(allowed).toMatchObject({ status: 200, body: { admin: member.uid } });
    const user = await member.browser.call<{ role: string }>('GET', '/api/user');
    expect(user.body.role).toBe('admin');
  });

  it('takes a contact message (captcha solved) as a contact mail job', async () => {
    const visitor = await new Browser(stack.bff.url).open();
    const message = `Please correct the report ${stack.tag}`;
    const sent = await visitor.call('POST', '/api/message', {
      name: 'Reader',
      email: 'reader@example.com',
      message,
      report_title: 'Airlines 2026',
      altcha: await solvedCaptcha(stack.bff.url),
    });
    expect(sent).toMatchObject({ status: 200, body: { sent: true } });
    const contact = (await mailJobs(stack, 'contact')).find((job) => job.data.message === message);
    expect(contact?.data).toEqual({
      fromName: 'Reader',
      fromEmail: 'reader@example.com',
      message,
      uid: null,
      reportTitle: 'Airlines 2026',
    });
    const noCaptcha = await visitor.call<ErrorBody>('POST', '/api/message', {
      name: 'Reader',
      email: 'reader@example.com',
      message,
    });
    expect(noCaptcha.status).toBe(400);
    expect(noCaptcha.body.error.field).toBe('altcha');
  });
});
