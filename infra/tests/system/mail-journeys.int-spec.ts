import {
  ERROR_TEXTS,
  MailKinds,
  mailJobId,
  Queues,
  type AuthResponse,
  type User,
} from '@upright/contracts';
import { bullmqOptions } from '@upright/platform';
import {
  deleteKeys,
  eventually,
  startTestApp,
  testInfra,
  uniqueTransportPrefix,
  type StartedApp,
} from '@upright/platform/testing';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { accountsService } from '@upright/accounts';
import { mailService } from '@upright/mail';
import { Maildev, type ReceivedMail } from '@upright/mail/testing';
import { bffService } from '@upright/bff';
import { signupForm, solvedCaptcha, visitorCsrfHeaders } from './support/accounts-stack';

/**
 * The member journeys that end in a mail, through the BFF over HTTP with accounts, mail, real
 * Postgres, Redis (transport and BullMQ) and a real SMTP server (maildev): sign-up → priorities
 * saved twice → one welcome mail whose unsubscribe link works; password reset by the mailed link,
 * once.
 */
describe('mail journeys through the BFF', () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('mail-journeys');
  const tag = randomUUID().slice(0, 8);
  let maildev: Maildev;
  let accounts: StartedApp | undefined;
  let mail: StartedApp | undefined;
  let bff: StartedApp;
  let mailQueue: Queue;
  const createdUids: string[] = [];

  const common = { REDIS_URL: infra.redisUrl, TRANSPORT_PREFIX: prefix, QUEUE_PREFIX: prefix };

  async function api(method: string, path: string, body?: unknown, token?: string) {
    // A visitor's write carries a CSRF token; a bearer-authenticated one needs none.
    const csrf = method === 'GET' || token ? {} : await visitorCsrfHeaders(bff.url);
    const response = await fetch(`${bff.url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : csrf),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  async function signUp(email: string, password: string): Promise<AuthResponse> {
    const { status, body } = await api('POST', '/api/signup', {
      ...signupForm(email, { password }),
      altcha: await solvedCaptcha(bff.url),
    });
    expect(status).toBe(201);
    const answer = body as AuthResponse;
    createdUids.push(answer.user.uid);
    return answer;
  }

  async function mailsTo(email: string, subject: string): Promise<ReceivedMail[]> {
    return (await maildev.mails()).filter(
      (received) => received.to[0]?.address === email && received.subject === subject,
    );
  }

  /** The path of the first link to `${bff.url}/account/<page>/…` in the mail's text part. */
  function linkPath(received: ReceivedMail, page: string): string[] {
    const match = new RegExp(`${bff.url}/account/${page}/(\\S+)`).exec(received.text);
    expect(match).not.toBeNull();
    return match![1]!.split('/').map(decodeURIComponent);
  }

  beforeAll(async () => {
    maildev = await Maildev.start();
    accounts = await startTestApp(accountsService, {
      ...common,
      DATABASE_URL: infra.databaseUrl('accounts'),
    });
    bff = await startTestApp(bffService, {
      ...common,
      WEB_DIST_DIR: '',
      // Cheap but real proof of work; rate limits out of the way of one file's few calls.
      CAPTCHA_MAX_COUNTER: '2000',
      RATE_LIMIT_SIGNIN: '100/60',
      RATE_LIMIT_SIGNUP: '100/60',
      RATE_LIMIT_RESET: '100/60',
    });
    mail = await startTestApp(mailService, {
      ...common,
      SMTP_URL: maildev.smtpUrl,
      MAIL_FROM: 'mail@upright.test',
      CONTACT_INBOX: 'inbox@upright.test',
      PUBLIC_URL: bff.url,
    });
    mailQueue = new Queue(
      Queues.mailAccounts,
      bullmqOptions({ REDIS_URL: infra.redisUrl, QUEUE_PREFIX: prefix }),
    );
  });

  afterAll(async () => {
    await mail?.app.close();
    await bff?.app.close();
    await accounts?.app.close();
    await mailQueue?.close();
    await deleteKeys(infra.redisUrl, prefix);
    const admin = new Client({ connectionString: infra.adminUrl() });
    await admin.connect();
    await admin.query('DELETE FROM accounts.users WHERE uid = ANY($1::uuid[])', [createdUids]);
    await admin.end();
    await maildev?.dispose();
  });

  it('sign-up → priorities saved twice → exactly one welcome mail, whose unsubscribe link works', async () => {
    const email = `welcome-${tag}@example.com`;
    const { user, token } = await signUp(email, 'a long passphrase 1');
    expect(user.subscriber).toBe(true);

    const first = await api('PUT', '/api/priorities', { climate: 5 }, token);
    expect(first.status).toBe(200);
    const second = await api('PUT', '/api/priorities', { climate: 5, tax: 5 }, token);
    expect(second.status).toBe(200);

    const [welcome] = await eventually('the welcome mail', async () => {
      const mails = await mailsTo(email, 'Welcome to Upright');
      return mails.length > 0 && mails;
    });
    // Nothing else is on its way: the second save added no job (same id), so one mail is final.
    const job = await mailQueue.getJob(mailJobId.welcome(user.uid));
    await eventually(
      'the welcome job to complete',
      async () => (await job!.getState()) === 'completed',
    );
    expect(await mailQueue.getJobCounts('waiting', 'active', 'delayed')).toMatchObject({
      waiting: 0,
      active: 0,
      delayed: 0,
    });
    expect(job!.name).toBe(MailKinds.welcome);
    expect(await mailsTo(email, 'Welcome to Upright')).toHaveLength(1);
    expect((await api('GET', '/api/user', undefined, token)).body).toMatchObject({
      welcome_sent: true,
    });

    // The link in the mail opens /account/unsubscribe/{uid}/{key}; that page posts both.
    const [uid, key] = linkPath(welcome!, 'unsubscribe');
    expect(uid).toBe(user.uid);
    expect(welcome!.headers['list-unsubscribe']).toBe(
      `<${bff.url}/account/unsubscribe/${uid}/${key}>`,
    );
    const tampered = await api('POST', '/api/unsubscribe', {
      uid,
      key: `${key!.slice(0, -1)}${key!.endsWith('A') ? 'B' : 'A'}`,
    });
    expect(tampered).toEqual({
      status: 400,
      body: {
        error: { code: 'validation_failed', message: ERROR_TEXTS.unsubscribeInvalid, field: 'key' },
      },
    });
    expect((await api('GET', '/api/user', undefined, token)).body).toMatchObject({
      subscriber: true,
    });

    const unsubscribed = await api('POST', '/api/unsubscribe', { uid, key });
    expect(unsubscribed).toEqual({ status: 200, body: { unsubscribed: true } });
    const after = (await api('GET', '/api/user', undefined, token)).body as User;
    expect(after.subscriber).toBe(false);
  });

  it('password reset: the mailed hash validates once, sets the password, old one refused, second use refused', async () => {
    const email = `reset-${tag}@example.com`;
    const oldPassword = 'the old passphrase 1';
    const newPassword = 'a brand new passphrase 2';
    await signUp(email, oldPassword);

    const requested = await api('POST', '/api/reset', {
      email,
      altcha: await solvedCaptcha(bff.url),
    });
    expect(requested).toEqual({ status: 200, body: { resetSent: true } });
    const [resetMail] = await eventually('the reset mail', async () => {
      const mails = await mailsTo(email, 'Reset your Upright password');
      return mails.length > 0 && mails;
    });
    const [hash] = linkPath(resetMail!, 'reset');

    expect(await api('GET', `/api/validatehash/${hash}`)).toEqual({
      status: 200,
      body: { hashValid: true },
    });
    const saved = await api('POST', '/api/resetpassword', { hash, password: newPassword });
    expect(saved).toEqual({ status: 200, body: { success: true } });

    expect(await api('GET', `/api/validatehash/${hash}`)).toEqual({
      status: 200,
      body: { hashValid: false },
    });
    const oldSignIn = await api('POST', '/api/signin', { email, password: oldPassword });
    expect(oldSignIn.status).toBe(401);
    const newSignIn = await api('POST', '/api/signin', { email, password: newPassword });
    expect(newSignIn.status).toBe(200);

    const again = await api('POST', '/api/resetpassword', { hash, password: 'yet another one 3' });
    expect(again).toEqual({
      status: 400,
      body: {
        error: { code: 'validation_failed', message: ERROR_TEXTS.resetHashInvalid, field: 'hash' },
      },
    });
    expect(
      (await api('POST', '/api/signin', { email, password: 'yet another one 3' })).status,
    ).toBe(401);
  });
});
