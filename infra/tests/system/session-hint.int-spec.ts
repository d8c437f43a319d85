import { SESSION_HINT_COOKIE } from '@upright/contracts';
import { Browser, signUp, startAccountsStack, type AccountsStack } from './support/accounts-stack';

/**
 * Members signed in before the hint cookie existed: the web app decides "signed in"
 * from the readable hint (decision 0056), so the BFF gives it to any browser whose session cookie
 * opens a session, and to no other.
 */
describe('the signed-in hint cookie', () => {
  let stack: AccountsStack;

  beforeAll(async () => {
    stack = await startAccountsStack('session-hint');
  });

  afterAll(async () => {
    await stack?.close();
  });

  const hintsSet = (headers: Headers) =>
    headers.getSetCookie().filter((line) => line.startsWith(`${SESSION_HINT_COOKIE}=1`));

  it('sets the hint for a valid session cookie sent without it, once', async () => {
    const member = await signUp(stack, 'hint-old-session');
    expect(member.browser.cookies.get(SESSION_HINT_COOKIE)).toBe('1');
    // A browser signed in before the hint existed.
    member.browser.cookies.delete(SESSION_HINT_COOKIE);

    const probed = await member.browser.call<{ uid: string }>('GET', '/api/user');
    expect(probed.status).toBe(200);
    expect(hintsSet(probed.headers)).toHaveLength(1);
    expect(hintsSet(probed.headers)[0]).not.toMatch(/HttpOnly/i);
    expect(member.browser.cookies.get(SESSION_HINT_COOKIE)).toBe('1');

    // With the hint back, responses stop setting it.
    const again = await member.browser.call('GET', '/api/user');
    expect(again.status).toBe(200);
    expect(hintsSet(again.headers)).toEqual([]);
  });

  it('sets it on a response that only reads the session, not just on the probe', async () => {
    const member = await signUp(stack, 'hint-any-route');
    member.browser.cookies.delete(SESSION_HINT_COOKIE);
    const token = await member.browser.call('GET', '/api/csrf');
    expect(token.status).toBe(200);
    expect(member.browser.cookies.get(SESSION_HINT_COOKIE)).toBe('1');
  });

  it('sends a public answer that carries the hint for this browser only', async () => {
    const member = await signUp(stack, 'hint-public-answer');
    member.browser.cookies.delete(SESSION_HINT_COOKIE);
    const averages = await member.browser.call('GET', '/api/averages');
    expect(averages.status).toBe(200);
    expect(hintsSet(averages.headers)).toHaveLength(1);
    expect(averages.headers.get('cache-control')).toBe('private, no-store');
    // Neither kept nor cached with the member's cookie: a visitor gets the answer without it.
    const visitor = await fetch(`${stack.bff.url}/api/averages`);
    expect(visitor.status).toBe(200);
    expect(visitor.headers.getSetCookie()).toEqual([]);
  });

  it('gives no hint to a session cookie that no longer opens a session, nor to a visitor', async () => {
    const member = await signUp(stack, 'hint-ended');
    const sealed = [...member.browser.cookies].find(([name]) => name.includes('upright_session'));
    expect(sealed).toBeDefined();
    expect((await member.browser.call('POST', '/api/signout')).status).toBeLessThan(300);

    const stale = new Browser(stack.bff.url);
    stale.cookies.set(sealed![0], sealed![1]);
    const probed = await stale.call('GET', '/api/user');
    expect(probed.status).toBe(401);
    expect(hintsSet(probed.headers)).toEqual([]);
    expect(stale.cookies.has(SESSION_HINT_COOKIE)).toBe(false);

    const visitor = new Browser(stack.bff.url);
    const csrf = await visitor.call('GET', '/api/csrf');
    expect(csrf.status).toBe(200);
    expect(hintsSet(csrf.headers)).toEqual([]);
  });
});
