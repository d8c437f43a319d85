import { PasswordHasher } from '@upright/accounts/testing';
import type { ErrorBody } from '@upright/contracts';
import {
  Browser,
  requestReset,
  resetHashesOf,
  signUp,
  startAccountsStack,
  type AccountsStack,
} from './support/accounts-stack';

const BUDGET = 10;

/**
 * Budgets that cannot be raced (decision 0019, amended): the per-account budget is
 * spent before the password is checked, so a burst from many addresses gets no more checks than
 * the budget; a completed reset gives the owner sign-in back; an IPv6 client is its /64.
 */
describe('anti-automation budgets', () => {
  let stack: AccountsStack;
  let verifications: jest.SpyInstance;

  beforeAll(async () => {
    stack = await startAccountsStack('harden-budgets', {
      bffEnv: {
        RATE_LIMIT_ACCOUNT: `${BUDGET}/900`,
        RATE_LIMIT_SIGNIN: '2/60',
        TRUSTED_PROXY_HOPS: '1',
        // The budget's 30 simultaneous guesses all wait for their hash: password admission
        // (decision 0059), the BFF's lane or accounts' own, must not be what refuses them.
        PASSWORD_REQUESTS_IN_FLIGHT: '30',
      },
      accountsEnv: { PASSWORD_HASH_WAITING: '30' },
    });
    verifications = jest.spyOn(stack.accounts.app.get(PasswordHasher), 'verify');
  });

  afterAll(async () => {
    verifications?.mockRestore();
    await stack?.close();
  });

  /** A visitor with its CSRF token, signing in from `address` as the trusted proxy reports it. */
  const visitorAt = async (address: string) => {
    const browser = await new Browser(stack.bff.url).open();
    return (email: string, password: string) =>
      browser.call<ErrorBody>(
        'POST',
        '/api/signin',
        { email, password },
        { headers: { 'X-Forwarded-For': address } },
      );
  };
  const signinFrom = async (address: string, email: string, password: string) =>
    (await visitorAt(address))(email, password);

  it('checks no more than the budget of 30 simultaneous guesses from 30 addresses, counting all', async () => {
    const member = await signUp(stack, 'raced');
    const guessers = await Promise.all(
      Array.from({ length: 30 }, (_, guess) => visitorAt(`198.51.100.${guess + 1}`)),
    );
    verifications.mockClear();
    const answers = await Promise.all(
      guessers.map((signin, guess) => signin(member.email, `guess number ${guess}`)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(BUDGET).fill(401), ...Array(30 - BUDGET).fill(429)]);
    expect(verifications).toHaveBeenCalledTimes(BUDGET);
    // Spent: even the right password is not checked now.
    const owner = await signinFrom('198.51.100.200', member.email, member.password);
    expect(owner.status).toBe(429);
    expect(verifications).toHaveBeenCalledTimes(BUDGET);
  });

  it('lets the owner of a spent account reset the password and sign in again at once', async () => {
    const member = await signUp(stack, 'locked-out');
    for (let guess = 0; guess < BUDGET; guess += 1) {
      const wrong = await signinFrom(`198.51.102.${guess + 1}`, member.email, `guess ${guess}`);
      expect(wrong.status).toBe(401);
    }
    expect((await signinFrom('198.51.102.100', member.email, member.password)).status).toBe(429);
    // Guesses do not spend the reset mails' budget: the owner can always ask for a link.
    expect((await requestReset(stack, member.email)).status).toBe(200);
    const [hash] = await resetHashesOf(stack, member.uid);
    const password = 'a fresh passphrase after the lockout 25';
    const visitor = await new Browser(stack.bff.url).open();
    const saved = await visitor.call('POST', '/api/resetpassword', { hash, password });
    expect(saved).toEqual(expect.objectContaining({ status: 200, body: { success: true } }));
    expect((await signinFrom('198.51.102.101', member.email, password)).status).toBe(200);
  });

  it('gives a right password its point back, so the owner never spends the budget', async () => {
    const member = await signUp(stack, 'owner');
    for (let signin = 0; signin < BUDGET + 2; signin += 1) {
      const answer = await signinFrom(`198.51.101.${signin + 1}`, member.email, member.password);
      expect(answer.status).toBe(200);
    }
  });

  it('counts two IPv6 addresses of one /64 as one client; the next /64 is another', async () => {
    const email = stack.email('nobody-v6');
    const statuses = [];
    for (const address of [
      '2001:db8:25:1::a',
      '2001:db8:25:1:ffff:ffff:ffff:fffe',
      '2001:db8:25:1::c',
    ]) {
      statuses.push((await signinFrom(address, email, 'guessing here')).status);
    }
    expect(statuses).toEqual([401, 401, 429]);
    expect((await signinFrom('2001:db8:25:2::a', email, 'guessing here')).status).toBe(401);
  });
});
