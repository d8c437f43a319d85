import { ERROR_TEXTS, type ErrorBody } from '@upright/contracts';
import {
  Browser,
  mailJobs,
  signUp,
  signupForm,
  solvedCaptcha,
  startAccountsStack,
  type AccountsStack,
} from './support/accounts-stack';

type AuthAnswer = { user: Record<string, unknown> & { uid: string; email: string }; token: string };

/** Sign-up, sign-in and sessions through the BFF (docs/product/rules.md#s8). */
describe('accounts: sign-up, sign-in and sessions', () => {
  let stack: AccountsStack;

  beforeAll(async () => {
    stack = await startAccountsStack('acc-signup');
  });

  afterAll(async () => {
    await stack?.close();
  });

  async function signupWith(overrides: Record<string, unknown>, browser?: Browser) {
    const client = browser ?? (await new Browser(stack.bff.url).open());
    const body = {
      ...signupForm(stack.email(`x${Math.random().toString(36).slice(2, 8)}`)),
      altcha: await solvedCaptcha(stack.bff.url),
      ...overrides,
    };
    return client.call<ErrorBody & AuthAnswer>('POST', '/api/signup', body);
  }

  it('signs up: user and token, an encrypted httpOnly cookie, a verification mail', async () => {
    const browser = await new Browser(stack.bff.url).open();
    const email = stack.email('Happy.Path');
    const answer = await browser.call<AuthAnswer>('POST', '/api/signup', {
      ...signupForm(email),
      altcha: await solvedCaptcha(stack.bff.url),
    });
    expect(answer.status).toBe(201);
    expect(answer.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.body.user).toMatchObject({
      email,
      first_name: 'Ada',
      last_name: 'Member',
      subscriber: true,
      role: 'member',
      // docs/product/spec.md#s4: verified on sign-up success; the address waits for its link.
      status: 'verified',
      email_verified: false,
      authenticated: true,
      welcome_sent: false,
      discontinue: false,
      canDiscontinue: true,
    });
    expect(answer.body.user).not.toHaveProperty('password_hash');
    expect(JSON.stringify(answer.body)).not.toContain('birth');
    const cookie = answer.headers
      .getSetCookie()
      .find((line) => line.startsWith('upright_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toContain(answer.body.token);

    const user = await browser.call<{ uid: string }>('GET', '/api/user');
    expect(user.status).toBe(200);
    expect(user.body.uid).toBe(answer.body.user.uid);

    const stored = await stack.db.query('SELECT password_hash FROM accounts.users WHERE uid = $1', [
      answer.body.user.uid,
    ]);
    expect(stored.rows[0].password_hash).toMatch(/^\$argon2id\$/);
    const sessions = await stack.db.query(
      'SELECT token_hash FROM accounts.sessions WHERE uid = $1',
      [answer.body.user.uid],
    );
    expect(sessions.rows).toHaveLength(1);
    expect(sessions.rows[0].token_hash).not.toBe(answer.body.token);

    // The mailed verification link's code verifies the email, once.
    const [verification] = (await mailJobs(stack, 'email-verification')).filter(
      (job) => job.data.recipient.uid === answer.body.user.uid,
    );
    expect(verification.data.recipient.email).toBe(email);
    const verified = await browser.call<{ user: { status: string; email_verified: boolean } }>(
      'POST',
      '/api/verify',
      { hash: verification.data.verifyHash },
    );
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ status: 'verified', email_verified: true });
    const again = await browser.call<ErrorBody>('POST', '/api/verify', {
      hash: verification.data.verifyHash,
    });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(ERROR_TEXTS.verifyHashInvalid);
  });

  it('refuses anyone under 13 on their date of birth, admits on the 13th birthday (decision 0047)', async () => {
    // Today where the date begins last (UTC−12): the 13th birthday has begun everywhere. Not in
    // the last minute of such a day, so the date cannot turn between here and the server.
    const HALF_DAY_MS = 12 * 60 * 60 * 1000;
    const untilNextDay = 24 * HALF_DAY_MS - ((Date.now() - HALF_DAY_MS) % (24 * HALF_DAY_MS));
    if (untilNextDay < 60_000) await new Promise((resolve) => setTimeout(resolve, untilNextDay));
    const today = new Date(Date.now() - HALF_DAY_MS);
    // Thirteen years before a 29 February there was none: the nearest birthdays are the 28th
    // (passed yesterday) and 1 March (tomorrow).
    const leapDay = today.getUTCMonth() === 1 && today.getUTCDate() === 29;
    const bornOn = (daysLater: number) => {
      const day = leapDay ? 28 + daysLater : today.getUTCDate() + daysLater;
      const date = new Date(Date.UTC(today.getUTCFullYear() - 13, today.getUTCMonth(), day));
      return {
        birth_year: date.getUTCFullYear(),
        birth_month: date.getUTCMonth() + 1,
        birth_day: date.getUTCDate(),
      };
    };
    const young = await signupWith({ birth_year: today.getUTCFullYear() - 10 });
    expect(young.status).toBe(400);
    expect(young.body.error).toEqual({
      code: 'validation_failed',
      message: ERROR_TEXTS.underage,
      field: 'birth_year',
    });
    const dayBefore = await signupWith(bornOn(1));
    expect(dayBefore.status).toBe(400);
    expect(dayBefore.body.error.message).toBe(ERROR_TEXTS.underage);
    const birthday = await signupWith(bornOn(0));
    expect(birthday.status).toBe(201);
    expect(JSON.stringify(birthday.body)).not.toContain('birth');
    const impossible = await signupWith({ birth_year: 2001, birth_month: 2, birth_day: 29 });
    expect(impossible.status).toBe(400);
    expect(impossible.body.error.field).toBe('birth_day');
  });

  it('refuses a company (the individual confirmation is required and must be true)', async () => {
    for (const individual of [false, undefined, 'yes']) {
      const answer = await signupWith({ individual });
      expect(answer.status).toBe(400);
      expect(answer.body.error.field).toBe('individual');
      expect(answer.body.error.message).toMatch(/individuals, not companies/);
    }
  });

  it('allows one account per email, in any letter case (409)', async () => {
    const email = stack.email('twice');
    expect((await signupWith({ email })).status).toBe(201);
    for (const variant of [email, email.toUpperCase(), ` ${email.replace('twice', 'TWICE')} `]) {
      const answer = await signupWith({ email: variant });
      expect(answer.status).toBe(409);
      expect(answer.body.error).toEqual({
        code: 'conflict',
        message: ERROR_TEXTS.emailTaken,
        field: 'email',
      });
    }
    const count = await stack.db.query(
      'SELECT count(*)::int AS n FROM accounts.users WHERE lower(email) = lower($1)',
      [email],
    );
    expect(count.rows[0].n).toBe(1);
  });

  it('refuses short and common passwords', async () => {
    const short = await signupWith({ password: 'Ab1!ab1!a' });
    expect(short.status).toBe(400);
    expect(short.body.error).toMatchObject({
      field: 'password',
      message: 'password must be at least 10 characters',
    });
    for (const password of ['password123', 'QWERTYUIOP', '1234567890']) {
      const common = await signupWith({ password });
      expect(common.status).toBe(400);
      expect(common.body.error).toMatchObject({
        field: 'password',
        message: 'password must not be a commonly used password',
      });
    }
  });

  it('refuses a missing, forged or replayed captcha', async () => {
    const missing = await signupWith({ altcha: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.error.field).toBe('altcha');

    const forged = await signupWith({ altcha: Buffer.from('{"challenge":{}}').toString('base64') });
    expect(forged.status).toBe(400);
    expect(forged.body.error).toMatchObject({
      field: 'altcha',
      message: ERROR_TEXTS.captchaFailed,
    });

    // A solution with its challenge's parameters changed no longer matches the signature.
    const good = JSON.parse(Buffer.from(await solvedCaptcha(stack.bff.url), 'base64').toString());
    good.challenge.parameters.cost = 2;
    const tampered = await signupWith({
      altcha: Buffer.from(JSON.stringify(good)).toString('base64'),
    });
    expect(tampered.status).toBe(400);

    const solved = await solvedCaptcha(stack.bff.url);
    expect((await signupWith({ altcha: solved })).status).toBe(201);
    const replayed = await signupWith({ altcha: solved });
    expect(replayed.status).toBe(400);
    expect(replayed.body.error.message).toBe(ERROR_TEXTS.captchaFailed);
  });

  it('names the field of wrong types, unknown fields and oversize values', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ birth_year: '1990' }, 'birth_year'],
      [{ birth_year: 1990.5 }, 'birth_year'],
      [{ birth_month: 13 }, 'birth_month'],
      [{ birth_day: 0 }, 'birth_day'],
      [{ email: 'not-an-email' }, 'email'],
      [{ email: 42 }, 'email'],
      [{ first_name: '' }, 'first_name'],
      [{ first_name: 'x'.repeat(101) }, 'first_name'],
      [{ password: 'p'.repeat(201) }, 'password'],
      [{ subscriber: 'yes' }, 'subscriber'],
    ];
    for (const [overrides, field] of cases) {
      const answer = await signupWith(overrides);
      expect({ field, status: answer.status }).toEqual({ field, status: 400 });
      expect(answer.body.error).toMatchObject({ code: 'validation_failed', field });
      expect(answer.body.error.message.startsWith(`${field} `)).toBe(true);
    }
    const unknown = await signupWith({ role: 'admin' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/unknown field\(s\) role/);

    const browser = await new Browser(stack.bff.url).open();
    const array = await browser.call<ErrorBody>('POST', '/api/signup', [1, 2]);
    expect(array.status).toBe(400);
    const malformed = await browser.call<ErrorBody>('POST', '/api/signup', undefined, {
      rawBody: '{"email":',
    });
    expect(malformed.status).toBe(400);
    const huge = await browser.call<ErrorBody>('POST', '/api/signup', {
      ...signupForm(stack.email('huge')),
      first_name: 'x'.repeat(200_000),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('payload_too_large');
  });

  it('signs in with the right password in any email case, refuses a wrong one', async () => {
    const member = await signUp(stack, 'signin');
    const browser = await new Browser(stack.bff.url).open();
    const wrong = await browser.call<ErrorBody>('POST', '/api/signin', {
      email: member.email,
      password: 'not the password at all',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toEqual({
      code: 'unauthenticated',
      message: ERROR_TEXTS.signinFailed,
    });
    // Any 401 removes the session cookie (docs/product/spec.md#s8), a failed sign-in's too.
    expect(wrong.headers.getSetCookie().join()).toMatch(/upright_session=;/);
    const unknown = await browser.call<ErrorBody>('POST', '/api/signin', {
      email: stack.email('nobody'),
      password: member.password,
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.message).toBe(ERROR_TEXTS.signinFailed);

    const right = await browser.call<AuthAnswer>('POST', '/api/signin', {
      email: member.email.toUpperCase(),
      password: member.password,
    });
    expect(right.status).toBe(200);
    expect(right.body.user.uid).toBe(member.uid);
    expect((await browser.call('GET', '/api/user')).status).toBe(200);

    const verify = await browser.call<ErrorBody>('POST', '/api/verify', {
      email: member.email,
      password: 'wrong password here',
    });
    expect(verify.status).toBe(401);
    expect(verify.body.error.message).toBe(ERROR_TEXTS.verifyFailed);
  });

  it('accepts the token as Authorization: Bearer, without a CSRF token', async () => {
    const member = await signUp(stack, 'bearer');
    const api = new Browser(stack.bff.url);
    const user = await api.call<{ uid: string }>('GET', '/api/user', undefined, {
      bearer: member.token,
    });
    expect(user.body.uid).toBe(member.uid);
    const saved = await api.call(
      'PUT',
      '/api/priorities',
      { climate: 7 },
      { bearer: member.token },
    );
    expect(saved.status).toBe(200);
  });

  it('refuses a cookie-borne write without the CSRF header (403), allows it with', async () => {
    const member = await signUp(stack, 'csrf');
    const refused = await member.browser.call<ErrorBody>(
      'PUT',
      '/api/priorities',
      { tax: 2 },
      { csrf: false },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'forbidden', message: ERROR_TEXTS.csrfFailed });
    const csrfCookie = member.browser.cookies.get('upright_csrf')!;
    const mismatched = await member.browser.call(
      'PUT',
      '/api/priorities',
      { tax: 2 },
      { csrf: `${csrfCookie.slice(1)}x` },
    );
    expect(mismatched.status).toBe(403);
    expect((await member.browser.call('PUT', '/api/priorities', { tax: 2 })).status).toBe(200);
  });

  it('answers 401 and clears the cookie for an expired, revoked or forged session', async () => {
    const expired = await signUp(stack, 'expired');
    await stack.db.query(
      "UPDATE accounts.sessions SET expires_at = now() - interval '1 second' WHERE uid = $1",
      [expired.uid],
    );
    const answer = await expired.browser.call<ErrorBody>('GET', '/api/priorities');
    expect(answer.status).toBe(401);
    expect(answer.body.error).toEqual({
      code: 'unauthenticated',
      message: ERROR_TEXTS.sessionExpired,
    });
    expect(answer.headers.getSetCookie().join()).toMatch(/upright_session=;/);
    expect(expired.browser.cookies.has('upright_session')).toBe(false);

    const revoked = await signUp(stack, 'revoked');
    expect((await revoked.browser.call('POST', '/api/signout')).status).toBe(200);
    expect(revoked.browser.cookies.has('upright_session')).toBe(false);
    const afterSignout = await new Browser(stack.bff.url).call('GET', '/api/settings', undefined, {
      bearer: revoked.token,
    });
    expect(afterSignout.status).toBe(401);

    const forged = await new Browser(stack.bff.url).open();
    forged.cookies.set('upright_session', 'v1.AAAA.BBBB.CCCC');
    const forgedAnswer = await forged.call('GET', '/api/user');
    expect(forgedAnswer.status).toBe(401);
    expect(forged.cookies.has('upright_session')).toBe(false);
    const bearerForged = await new Browser(stack.bff.url).call('GET', '/api/user', undefined, {
      bearer: 'A'.repeat(43),
    });
    expect(bearerForged.status).toBe(401);
  });

  it('refuses every member call without a session (401)', async () => {
    const visitor = await new Browser(stack.bff.url).open();
    for (const [method, path] of [
      ['GET', '/api/user'],
      ['GET', '/api/priorities'],
      ['PUT', '/api/priorities'],
      ['GET', '/api/settings'],
      ['PUT', '/api/settings'],
      ['POST', '/api/welcome'],
      ['PUT', '/api/discontinue'],
      ['PUT', '/api/canceldiscontinue'],
    ]) {
      const answer = await visitor.call(method, path, method === 'GET' ? undefined : {});
      expect({ path, status: answer.status }).toEqual({ path, status: 401 });
    }
  });
});
