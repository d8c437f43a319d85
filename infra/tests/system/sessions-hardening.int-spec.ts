import { ERROR_TEXTS, type ErrorBody } from '@upright/contracts';
import {
  Browser,
  mailJobs,
  requestReset as requestResetOf,
  resetHashesOf,
  signUp,
  startAccountsStack,
  type AccountsStack,
} from './support/accounts-stack';

/**
 * Sessions and accounts: login CSRF, session-bound CSRF tokens, no cookies on public
 * answers, the idle timeout, re-authentication to discontinue, reset links spent by any new
 * password (decision 0018).
 */
describe('sessions and accounts hardening', () => {
  let stack: AccountsStack;

  beforeAll(async () => {
    // The idle test ages a session in the database behind the BFF's back: no verified
    // sessions are kept here, every request asks accounts.
    stack = await startAccountsStack('harden-sessions', { bffEnv: { SESSION_CACHE_S: '0' } });
  });

  afterAll(async () => {
    await stack?.close();
  });

  const csrfRefused = { code: 'forbidden', message: ERROR_TEXTS.csrfFailed };

  it('refuses a cross-site form sign-in: urlencoded bodies are not read, the token is required', async () => {
    const member = await signUp(stack, 'login-csrf');
    const form = await fetch(`${stack.bff.url}/api/signin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: member.email, password: member.password }).toString(),
    });
    expect(form.status).toBe(403);
    expect(form.headers.getSetCookie()).toEqual([]);

    // JSON without the token (a visitor with no session): still refused.
    const visitor = await new Browser(stack.bff.url).open();
    const credentials = { email: member.email, password: member.password };
    const noToken = await visitor.call<ErrorBody>('POST', '/api/signin', credentials, {
      csrf: false,
    });
    expect(noToken.status).toBe(403);
    expect(noToken.body.error).toEqual(csrfRefused);

    // With the visitor's token it works, and the answer brings a token bound to the session.
    const before = visitor.cookies.get('upright_csrf')!;
    const signedIn = await visitor.call('POST', '/api/signin', credentials);
    expect(signedIn.status).toBe(200);
    const after = visitor.cookies.get('upright_csrf')!;
    expect(after).not.toBe(before);
    expect(signedIn.headers.get('x-csrf-token')).toBe(after);
  });

  it('binds the CSRF token to the session: another session or the visitor token is refused', async () => {
    const ada = await signUp(stack, 'bound-ada');
    const bob = await signUp(stack, 'bound-bob');
    const adaToken = ada.browser.cookies.get('upright_csrf')!;
    // Bob's browser carrying Ada's token in both halves of the double submit.
    bob.browser.cookies.set('upright_csrf', adaToken);
    const crossed = await bob.browser.call<ErrorBody>('PUT', '/api/priorities', { tax: 3 });
    expect(crossed.status).toBe(403);
    expect(crossed.body.error).toEqual(csrfRefused);

    // A token fetched before sign-in is void once signed in.
    const visitor = await new Browser(stack.bff.url).open();
    const visitorToken = visitor.cookies.get('upright_csrf')!;
    await visitor.call('POST', '/api/signin', { email: ada.email, password: ada.password });
    visitor.cookies.set('upright_csrf', visitorToken);
    expect((await visitor.call('PUT', '/api/priorities', { tax: 3 })).status).toBe(403);
    // A fresh token for this session (what the web app fetches after a refusal) works.
    await visitor.call('GET', '/api/csrf');
    expect((await visitor.call('PUT', '/api/priorities', { tax: 3 })).status).toBe(200);
  });

  it('sets no cookie on public GET answers; /api/csrf sets the token only', async () => {
    for (const path of ['/api/averages', '/api/captcha', '/api/validatehash/not-a-code']) {
      const answer = await fetch(`${stack.bff.url}${path}`);
      expect({ path, cookies: answer.headers.getSetCookie() }).toEqual({ path, cookies: [] });
    }
    const csrf = await fetch(`${stack.bff.url}/api/csrf`);
    const cookies = csrf.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^upright_csrf=[^;]+; Path=\/; SameSite=Strict$/);
    const body = (await csrf.json()) as { csrfToken: string };
    expect(cookies[0]).toContain(body.csrfToken);
  });

  it('ends a session unused for longer than the idle timeout', async () => {
    const member = await signUp(stack, 'idle');
    expect((await member.browser.call('GET', '/api/user')).status).toBe(200);
    // The default idle timeout is 7 days; the session was last seen 8 days ago.
    await stack.db.query(
      "UPDATE accounts.sessions SET last_seen_at = now() - interval '8 days' WHERE uid = $1",
      [member.uid],
    );
    const idle = await member.browser.call<ErrorBody>('GET', '/api/user');
    expect(idle.status).toBe(401);
    expect(idle.body.error.message).toBe(ERROR_TEXTS.sessionExpired);
  });

  it('keeps a session in use alive: a use moves last_seen_at forward', async () => {
    const member = await signUp(stack, 'active');
    await stack.db.query(
      "UPDATE accounts.sessions SET last_seen_at = now() - interval '6 days' WHERE uid = $1",
      [member.uid],
    );
    expect((await member.browser.call('GET', '/api/user')).status).toBe(200);
    const seen = await stack.db.query(
      "SELECT last_seen_at > now() - interval '1 minute' AS fresh FROM accounts.sessions WHERE uid = $1",
      [member.uid],
    );
    expect(seen.rows[0].fresh).toBe(true);
  });

  it('asks for the password to discontinue', async () => {
    const member = await signUp(stack, 'reauth');
    const missing = await member.browser.call<ErrorBody>('PUT', '/api/discontinue', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.field).toBe('password');
    const wrong = await member.browser.call<ErrorBody>('PUT', '/api/discontinue', {
      password: 'not the password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toEqual({
      code: 'validation_failed',
      message: 'password is not correct',
      field: 'password',
    });
    const user = await member.browser.call<{ discontinue: boolean }>('GET', '/api/user');
    expect(user.body.discontinue).toBe(false);
    const confirmed = await member.browser.call('PUT', '/api/discontinue', {
      password: member.password,
    });
    expect(confirmed.status).toBe(200);
  });

  async function requestReset(email: string): Promise<void> {
    expect((await requestResetOf(stack, email)).status).toBe(200);
  }
  const resetHashes = (uid: string) => resetHashesOf(stack, uid);

  const hashValid = async (hash: string) =>
    (
      await new Browser(stack.bff.url).call<{ hashValid: boolean }>(
        'GET',
        `/api/validatehash/${hash}`,
      )
    ).body.hashValid;

  it('spends every other reset link when one is used, and mails the change', async () => {
    const member = await signUp(stack, 'two-links');
    await requestReset(member.email);
    await requestReset(member.email);
    const [first, second] = await resetHashes(member.uid);
    expect(await hashValid(second)).toBe(true);
    const visitor = await new Browser(stack.bff.url).open();
    const used = await visitor.call('POST', '/api/resetpassword', {
      hash: first,
      password: 'a brand new passphrase 31',
    });
    expect(used.status).toBe(200);
    expect(await hashValid(second)).toBe(false);
    const mailed = (await mailJobs(stack, 'account-changed')).filter(
      (job) => job.data.recipient.uid === member.uid,
    );
    expect(mailed.map((job) => job.data.change)).toEqual(['password']);
  });

  it('spends outstanding reset links when the password changes in the settings', async () => {
    const member = await signUp(stack, 'settings-link');
    await requestReset(member.email);
    const [hash] = await resetHashes(member.uid);
    const changed = await member.browser.call('PUT', '/api/settings', {
      current_password: member.password,
      new_password: 'another brand new passphrase 8',
    });
    expect(changed.status).toBe(200);
    expect(await hashValid(hash)).toBe(false);
  });
});
