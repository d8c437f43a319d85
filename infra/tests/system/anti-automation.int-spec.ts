import { retryLaterText, type ErrorBody } from '@upright/contracts';
import { RedisConnection } from '@upright/platform';
import {
  Browser,
  mailJobs,
  requestReset,
  signUp,
  startAccountsStack,
  type AccountsStack,
} from './support/accounts-stack';

/**
 * Anti-automation: the client address is the socket's unless a proxy is trusted,
 * per-account budgets of wrong passwords and reset mails, limits on captcha issue and search
 * analytics, and credential routes that fail closed without Redis (decision 0019).
 */
describe('anti-automation', () => {
  describe('per account', () => {
    let stack: AccountsStack;

    beforeAll(async () => {
      stack = await startAccountsStack('harden-accounts', {
        bffEnv: { RATE_LIMIT_ACCOUNT: '3/600' },
      });
    });

    afterAll(async () => {
      await stack?.close();
    });

    it('stops sign-in guesses on one account, from any address; other accounts still sign in', async () => {
      const victim = await signUp(stack, 'victim');
      const bystander = await signUp(stack, 'bystander');
      const guesser = await new Browser(stack.bff.url).open();
      for (let guess = 0; guess < 3; guess += 1) {
        const wrong = await guesser.call('POST', '/api/signin', {
          email: victim.email.toUpperCase(),
          password: `guess number ${guess}`,
        });
        expect(wrong.status).toBe(401);
      }
      const blocked = await guesser.call<ErrorBody>('POST', '/api/signin', {
        email: victim.email,
        password: victim.password,
      });
      expect(blocked.status).toBe(429);
      // The real wait of the account's budget window, in the header and in words (decision 0056).
      const wait = Number(blocked.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(15);
      expect(blocked.body.error).toEqual({ code: 'rate_limited', message: retryLaterText(wait) });
      // The email/password form of verification shares the budget.
      const verify = await guesser.call('POST', '/api/verify', {
        email: victim.email,
        password: 'one more guess',
      });
      expect(verify.status).toBe(429);
      const other = await guesser.call('POST', '/api/signin', {
        email: bystander.email,
        password: bystander.password,
      });
      expect(other.status).toBe(200);
    });

    it('counts wrong current passwords in PUT /api/settings, right ones not', async () => {
      const member = await signUp(stack, 'settings-guess');
      const right = await member.browser.call('PUT', '/api/settings', {
        email: stack.email('settings-guess-2'),
        current_password: member.password,
      });
      expect(right.status).toBe(200);
      for (let guess = 0; guess < 3; guess += 1) {
        const wrong = await member.browser.call<ErrorBody>('PUT', '/api/settings', {
          new_password: 'a new passphrase for later',
          current_password: `guess ${guess}`,
        });
        expect(wrong.body.error.field).toBe('current_password');
      }
      const blocked = await member.browser.call<ErrorBody>('PUT', '/api/settings', {
        new_password: 'a new passphrase for later',
        current_password: member.password,
      });
      expect(blocked.status).toBe(429);
      // Settings without a password check are not limited.
      const theme = await member.browser.call('PUT', '/api/settings', { theme: 'dark' });
      expect(theme.status).toBe(200);
    });

    it('bounds the reset mails one address receives', async () => {
      const member = await signUp(stack, 'reset-bombed');
      const statuses: number[] = [];
      for (let request = 0; request < 4; request += 1) {
        statuses.push((await requestReset(stack, member.email)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const mails = (await mailJobs(stack, 'password-reset')).filter(
        (job) => job.data.recipient.uid === member.uid,
      );
      expect(mails).toHaveLength(3);
    });
  });

  describe('per client address', () => {
    let stack: AccountsStack;

    beforeAll(async () => {
      stack = await startAccountsStack('harden-address', {
        bffEnv: {
          RATE_LIMIT_SIGNIN: '3/60',
          RATE_LIMIT_CAPTCHA: '2/60',
          RATE_LIMIT_ANALYTICS: '2/60',
        },
      });
    });

    afterAll(async () => {
      await stack?.close();
    });

    it('ignores X-Forwarded-For unless a proxy is trusted: it cannot pick the bucket', async () => {
      const browser = await new Browser(stack.bff.url).open();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const answer = await browser.call(
          'POST',
          '/api/signin',
          { email: stack.email(`nobody-${attempt}`), password: 'guessing here' },
          { headers: { 'X-Forwarded-For': `10.0.0.${attempt}` } },
        );
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    });

    it('limits captcha challenges', async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        statuses.push((await fetch(`${stack.bff.url}/api/captcha`)).status);
      }
      expect(statuses).toEqual([200, 200, 429]);
    });

    it('limits search analytics writes', async () => {
      const browser = await new Browser(stack.bff.url).open();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const answer = await browser.call('PUT', '/api/search/companies/_analytics/search', {
          query: 'acme',
          impressions: [],
        });
        statuses.push(answer.status);
      }
      // No search service runs here: the first two reach for it (503), the third is counted out.
      expect(statuses[2]).toBe(429);
    });

    it('fails closed on credential routes when Redis is away (503 with retry advice)', async () => {
      const browser = await new Browser(stack.bff.url).open();
      const { redis } = stack.bff.app.get(RedisConnection);
      redis.disconnect();
      try {
        const answer = await browser.call<ErrorBody>('POST', '/api/signin', {
          email: stack.email('anyone'),
          password: 'any password at all',
        });
        expect(answer.status).toBe(503);
        expect(answer.body.error.code).toBe('service_unavailable');
        expect(answer.headers.get('retry-after')).toBe('15');
      } finally {
        await redis.connect();
      }
    });
  });
});
