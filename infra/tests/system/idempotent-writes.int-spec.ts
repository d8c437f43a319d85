import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_TEXTS,
  IDEMPOTENT_REPLAYED_HEADER,
  MailKinds,
  type AuthResponse,
} from '@upright/contracts';
import { eventually, startTestApp, testInfra, type StartedApp } from '@upright/platform/testing';
import { mailService } from '@upright/mail';
import { Maildev } from '@upright/mail/testing';
import { randomUUID } from 'node:crypto';
import {
  Browser,
  mailJobs,
  signUp,
  signupForm,
  solvedCaptcha,
  startAccountsStack,
  type AccountsStack,
} from './support/accounts-stack';

/**
 * Idempotent writes end to end (decision 0050), through two BFF replicas,
 * accounts and mail on real Postgres, Redis and SMTP (maildev): a try of a user action again with
 * its `Idempotency-Key` gets the first outcome and applies nothing twice — also when the replica
 * that answered the first try is gone (its kept outcome with it) and the service alone remembers.
 */
describe('Idempotency-Key on writes', () => {
  let stack: AccountsStack;
  let replica: StartedApp;
  let maildev: Maildev;
  let mail: StartedApp;

  const key = () => ({ [IDEMPOTENCY_KEY_HEADER]: randomUUID() });

  /** What the BFF keeps per key: gone, as when the replica died before keeping the outcome. */
  async function forgetKeptOutcomes(): Promise<void> {
    const keys = await stack.redis.keys(`${stack.prefix}:bff:idempotency:*`);
    if (keys.length > 0) await stack.redis.del(...keys);
  }

  async function membersWithEmail(email: string): Promise<number> {
    const { rows } = await stack.db.query(
      'SELECT count(*)::int AS n FROM accounts.users WHERE email = $1',
      [email],
    );
    return (rows[0] as { n: number }).n;
  }

  beforeAll(async () => {
    stack = await startAccountsStack('idempotent-writes');
    replica = await stack.bffReplica();
    maildev = await Maildev.start();
    mail = await startTestApp(mailService, {
      REDIS_URL: testInfra().redisUrl,
      TRANSPORT_PREFIX: stack.prefix,
      QUEUE_PREFIX: stack.queuePrefix,
      SMTP_URL: maildev.smtpUrl,
      MAIL_FROM: 'mail@upright.test',
      CONTACT_INBOX: 'inbox@upright.test',
      PUBLIC_URL: stack.bff.url,
    });
  });

  afterAll(async () => {
    await mail?.app.close();
    await stack?.close();
    await maildev?.dispose();
  });

  it('a sign-up tried again with its key: the first outcome (status, body, session), one member', async () => {
    const email = stack.email('replayed');
    const form = { ...signupForm(email), altcha: await solvedCaptcha(stack.bff.url) };
    const headers = key();
    const first = await (
      await new Browser(stack.bff.url).open()
    ).call<AuthResponse>('POST', '/api/signup', form, { headers });
    expect(first.status).toBe(201);
    expect(first.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();

    // The answer was lost: the browser tries again on the other replica, as the web app does.
    const retry = await new Browser(replica.url).open();
    const again = await retry.call<AuthResponse>('POST', '/api/signup', form, { headers });
    expect(again.status).toBe(201);
    expect(again.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(again.body).toEqual(first.body);
    // The replayed session cookie works: the retrying browser is the new member.
    const user = await retry.call<{ uid: string }>('GET', '/api/user');
    expect(user.body.uid).toBe(first.body.user.uid);

    // Both replicas' kept outcomes gone (the one that answered died before keeping it): accounts
    // answers the key by itself with the first sign-up, not with "email taken".
    await forgetKeptOutcomes();
    const late = await new Browser(replica.url).open();
    const third = await late.call<AuthResponse>('POST', '/api/signup', form, { headers });
    expect(third.status).toBe(201);
    expect(third.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    expect(third.body).toEqual(first.body);
    expect(await membersWithEmail(email)).toBe(1);
  });

  it('the same key with another request is a 422, and applies nothing', async () => {
    const member = await signUp(stack, 'reuser');
    const headers = key();
    const saved = await member.browser.call('PUT', '/api/priorities', { climate: 8 }, { headers });
    expect(saved.status).toBe(200);
    const other = await member.browser.call('PUT', '/api/priorities', { climate: 2 }, { headers });
    expect(other).toMatchObject({
      status: 422,
      body: {
        error: {
          code: 'validation_failed',
          message: IDEMPOTENCY_TEXTS.reused,
          field: IDEMPOTENCY_KEY_HEADER,
        },
      },
    });
    const { rows } = await stack.db.query(
      'SELECT value_climate FROM accounts.priorities WHERE uid = $1',
      [member.uid],
    );
    expect(rows[0]).toEqual({ value_climate: 8 });
    // Keys are per caller: another member's same key is a key of its own.
    const stranger = await signUp(stack, 'stranger');
    const theirs = await stranger.browser.call(
      'PUT',
      '/api/priorities',
      { climate: 2 },
      { headers },
    );
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
  });

  it('an invalid key is a 400 naming the header', async () => {
    const browser = await new Browser(stack.bff.url).open();
    for (const bad of ['a'.repeat(129), 'two words', '']) {
      const answer = await browser.call(
        'POST',
        '/api/message',
        {},
        { headers: { [IDEMPOTENCY_KEY_HEADER]: bad } },
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: { field: IDEMPOTENCY_KEY_HEADER } });
    }
  });

  it('tries of one key at once: one sign-up applied, the others told to wait (409) or replayed', async () => {
    const email = stack.email('concurrent');
    const form = { ...signupForm(email), altcha: await solvedCaptcha(stack.bff.url) };
    const headers = key();
    const browsers = await Promise.all(
      [stack.bff.url, replica.url, stack.bff.url, replica.url].map((url) =>
        new Browser(url).open(),
      ),
    );
    const answers = await Promise.all(
      browsers.map((browser) => browser.call('POST', '/api/signup', form, { headers })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(refused.body).toMatchObject({
        error: {
          code: 'conflict',
          message: IDEMPOTENCY_TEXTS.inFlight,
          field: IDEMPOTENCY_KEY_HEADER,
        },
      });
    }
    expect(await membersWithEmail(email)).toBe(1);
  });

  it('a contact message retried after its replica died: captcha answered, one mail', async () => {
    const marker = randomUUID();
    const body = {
      name: 'Retrying Visitor',
      email: stack.email('contact'),
      message: `Please look at this (${marker}).`,
      altcha: await solvedCaptcha(stack.bff.url),
    };
    const headers = key();
    const first = await (
      await new Browser(stack.bff.url).open()
    ).call('POST', '/api/message', body, {
      headers,
    });
    expect(first).toMatchObject({ status: 200, body: { sent: true } });
    // The replica that answered is gone with what it kept; the retry reaches accounts again.
    await forgetKeptOutcomes();
    const retry = await (
      await new Browser(replica.url).open()
    ).call('POST', '/api/message', body, {
      headers,
    });
    // The captcha was spent by this key, so the retry is answered, not refused as used.
    expect(retry).toMatchObject({ status: 200, body: { sent: true } });
    expect(retry.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();

    // The only contact message of this stack: one job, whatever became of its data once sent.
    const jobs = await mailJobs(stack, MailKinds.contact);
    expect(jobs).toHaveLength(1);
    await eventually('the contact mail', async () =>
      (await maildev.mails()).some((received) => received.text.includes(marker)),
    );
    await eventually(
      'the contact job to complete',
      async () => (await jobs[0]!.getState()) === 'completed',
    );
    const received = (await maildev.mails()).filter((one) => one.text.includes(marker));
    expect(received).toHaveLength(1);

    // The same solution under a new key is another user action: the captcha is used.
    const reused = await (
      await new Browser(stack.bff.url).open()
    ).call('POST', '/api/message', body, {
      headers: key(),
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ error: { field: 'altcha' } });
  });

  it('a follow-up write without a key is answered as before (no header, nothing kept)', async () => {
    const member = await signUp(stack, 'keyless');
    const saved = await member.browser.call('PUT', '/api/priorities', { tax: 3 });
    expect(saved.status).toBe(200);
    expect(saved.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
  });
});
