import { PasswordHasher } from '@upright/accounts/testing';
import type { ErrorBody } from '@upright/contracts';
import { Browser, startAccountsStack, type AccountsStack } from './support/accounts-stack';
import { bffMetric } from './support/bff-metrics';

const LANE = 2;
const AT_ONCE = 12;

/**
 * The BFF's password lane (decision 0059): a replica has at most PASSWORD_REQUESTS_IN_FLIGHT
 * requests waiting for accounts' password work; the others are refused at once, as the edge
 * sheds, and never reach accounts. Accounts' own admission is wide here, so every refusal seen
 * is the BFF's.
 */
describe('the password lane', () => {
  let stack: AccountsStack;
  let verifications: jest.SpyInstance;

  beforeAll(async () => {
    stack = await startAccountsStack('password-lane', {
      bffEnv: { PASSWORD_REQUESTS_IN_FLIGHT: String(LANE), TRUSTED_PROXY_HOPS: '1' },
      accountsEnv: { PASSWORD_HASH_WAITING: '64' },
    });
    verifications = jest.spyOn(stack.accounts.app.get(PasswordHasher), 'verify');
  });

  afterAll(async () => {
    verifications?.mockRestore();
    await stack?.close();
  });

  const laneMetric = (name: string) => bffMetric(stack.bff, name, 'password');

  it(`sends ${LANE} sign-ins at once to accounts and refuses the others at once, 503 with Retry-After`, async () => {
    const email = stack.email('lane');
    const visitors = await Promise.all(
      Array.from({ length: AT_ONCE }, () => new Browser(stack.bff.url).open()),
    );
    verifications.mockClear();
    const shedBefore = await laneMetric('upright_edge_shed_total');
    const answers = await Promise.all(
      visitors.map((visitor, index) =>
        visitor.call<ErrorBody>(
          'POST',
          '/api/signin',
          { email, password: `a wrong guess ${index}` },
          { headers: { 'X-Forwarded-For': `198.51.100.${index + 1}` } },
        ),
      ),
    );
    const refused = answers.filter((answer) => answer.status === 503);
    const checked = answers.filter((answer) => answer.status === 401);
    expect(refused.length + checked.length).toBe(AT_ONCE);
    expect(refused.length).toBeGreaterThan(0);
    expect(checked.length).toBeGreaterThanOrEqual(LANE);
    for (const answer of refused) {
      expect(answer.headers.get('Retry-After')).toBe('1');
      expect(answer.body).toEqual({
        error: {
          code: 'service_unavailable',
          message: 'The site is busy. Please try again in 1 second.',
        },
      });
    }
    // A refused sign-in never reached accounts.
    expect(verifications).toHaveBeenCalledTimes(checked.length);
    expect((await laneMetric('upright_edge_shed_total')) - shedBefore).toBe(refused.length);
    expect(await laneMetric('upright_edge_limit')).toBe(LANE);
    // Once they have ended the lane is free again.
    expect(await laneMetric('upright_edge_in_flight')).toBe(0);
    const again = await visitors[0].call('POST', '/api/signin', { email, password: 'once more' });
    expect(again.status).toBe(401);
  });
});
