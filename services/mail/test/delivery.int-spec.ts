import {
  MAIL_JOB_OPTIONS,
  MailKinds,
  mailJobId,
  Queues,
  type MailJobData,
  type MailRecipient,
} from '@upright/contracts';
import { bullmqOptions } from '@upright/platform';
import { eventually, startTestApp, type StartedApp } from '@upright/platform/testing';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { messageIdFor } from '../src/delivery/message-id';
import { sendRecordKey } from '../src/delivery/send-record';
import { mailService } from '../src/service';
import { Maildev } from './maildev';
import { CONTACT_INBOX, MAIL_FROM, mailTestEnv, PUBLIC_URL } from './mail-test-env';

/**
 * The mail service on real Redis (BullMQ) and a real SMTP server (maildev): every kind arrives
 * as it should, a repeated job id sends once, and the service reports what it did.
 */
describe('mail delivery over SMTP', () => {
  let maildev: Maildev;
  let setup: ReturnType<typeof mailTestEnv>;
  let mail: StartedApp;

  const member = (): MailRecipient => ({
    uid: `u-${randomUUID()}`,
    email: `ada-${randomUUID().slice(0, 8)}@example.com`,
    firstName: 'Ada',
    unsubscribeKey: `key-${randomUUID()}`,
  });

  const unsubscribeLink = (recipient: MailRecipient) =>
    `${PUBLIC_URL}/account/unsubscribe/${recipient.uid}/${recipient.unsubscribeKey}`;

  async function deliveredOnce(jobId: string) {
    const messageId = messageIdFor(jobId, MAIL_FROM);
    const [received] = await eventually(`the mail of ${jobId}`, async () => {
      const mails = await maildev.mailsWithIds([messageId]);
      return mails.length > 0 && mails;
    });
    return received!;
  }

  beforeAll(async () => {
    maildev = await Maildev.start();
    setup = mailTestEnv('delivery', maildev.smtpUrl);
    mail = await startTestApp(mailService, setup.env);
  });

  afterAll(async () => {
    await mail?.app.close();
    await setup?.cleanup();
    await maildev?.dispose();
  });

  it('delivers a welcome mail to the member with an unsubscribe link and header', async () => {
    const recipient = member();
    const jobId = mailJobId.welcome(recipient.uid);
    await setup.queue.add(MailKinds.welcome, { recipient }, { jobId, ...MAIL_JOB_OPTIONS });

    const received = await deliveredOnce(jobId);
    expect(received.to).toEqual([{ address: recipient.email, name: 'Ada' }]);
    expect(received.from).toEqual([{ address: MAIL_FROM, name: 'Upright' }]);
    expect(received.subject).toBe('Welcome to Upright');
    expect(received.text).toContain('Hi Ada,');
    expect(received.text).toContain(`Unsubscribe: ${unsubscribeLink(recipient)}`);
    expect(received.html).toContain(`href="${unsubscribeLink(recipient)}"`);
    expect(received.headers['list-unsubscribe']).toBe(`<${unsubscribeLink(recipient)}>`);
  });

  it('delivers a password reset with the link to the reset page', async () => {
    const recipient = member();
    const data: MailJobData['password-reset'] = {
      recipient,
      resetHash: `hash-${randomUUID()}`,
      expiresAt: '2026-11-21T14:05:00.000Z',
    };
    const jobId = mailJobId.passwordReset(recipient.uid, randomUUID());
    await setup.queue.add(MailKinds.passwordReset, data, { jobId, ...MAIL_JOB_OPTIONS });

    const received = await deliveredOnce(jobId);
    expect(received.to[0]!.address).toBe(recipient.email);
    expect(received.subject).toBe('Reset your Upright password');
    expect(received.text).toContain(`${PUBLIC_URL}/account/reset/${data.resetHash}`);
    expect(received.text).toContain(unsubscribeLink(recipient));
  });

  it('delivers an email verification with the link to the verify page', async () => {
    const recipient = member();
    const verifyHash = `verify-${randomUUID()}`;
    const jobId = mailJobId.emailVerification(recipient.uid, randomUUID());
    await setup.queue.add(
      MailKinds.emailVerification,
      { recipient, verifyHash },
      { jobId, ...MAIL_JOB_OPTIONS },
    );

    const received = await deliveredOnce(jobId);
    expect(received.subject).toBe('Confirm your email address for Upright');
    expect(received.text).toContain(`${PUBLIC_URL}/account/verify/${verifyHash}`);
    expect(received.text).toContain(unsubscribeLink(recipient));
  });

  it('delivers a discontinue confirmation naming the final date', async () => {
    const recipient = member();
    const jobId = mailJobId.discontinueConfirmation(recipient.uid, '2026-11-28');
    await setup.queue.add(
      MailKinds.discontinueConfirmation,
      { recipient, finalDate: '2026-11-28' },
      { jobId, ...MAIL_JOB_OPTIONS },
    );

    const received = await deliveredOnce(jobId);
    expect(received.subject).toBe('Your Upright membership ends on November 28, 2026');
    expect(received.text).toContain(unsubscribeLink(recipient));
  });

  it('delivers a correction request to the contact inbox, reply-to the sender, escaped', async () => {
    const jobId = mailJobId.contact(randomUUID());
    const data: MailJobData['contact'] = {
      fromName: 'Grace <b>H</b>',
      fromEmail: 'grace@example.com',
      message: 'Row 3 is wrong.\n<script>alert(1)</script>',
      uid: null,
      reportTitle: 'Airlines & more',
    };
    await setup.queue.add(MailKinds.contact, data, { jobId, ...MAIL_JOB_OPTIONS });

    const received = await deliveredOnce(jobId);
    expect(received.to[0]!.address).toBe(CONTACT_INBOX);
    expect(received.replyTo).toEqual([{ address: 'grace@example.com', name: 'Grace <b>H</b>' }]);
    expect(received.subject).toBe('[Upright] Correction request: Airlines & more');
    expect(received.text).toContain('> <script>alert(1)</script>');
    expect(received.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(received.html).not.toContain('<script>');
    expect(received.headers['list-unsubscribe']).toBeUndefined();
  });

  it("delivers a correction receipt from rankings' queue with none of the requester's words", async () => {
    const reference = `C-${Date.now()}`;
    const jobId = mailJobId.correctionReceived(reference);
    const receipt = {
      // As a stale producer might still send them: the contract drops them before rendering.
      requester: { name: 'Claim your prize', email: 'grace@example.com' },
      correction: {
        reference,
        company: { company_name: 'Acme', industry: 'tools', slug: 'acme' },
        field_label: 'Climate score',
        period: { period_year: 2026, period_qrt: 2 },
      },
      whatIsWrong: 'Your account is locked: log in at evil.example',
      promiseDays: 14,
    };
    await setup.rankingsQueue.add(MailKinds.correctionReceived, receipt, {
      jobId,
      ...MAIL_JOB_OPTIONS,
    });

    const received = await deliveredOnce(jobId);
    expect(received.to[0]!.address).toBe('grace@example.com');
    expect(received.text).toContain(reference);
    expect(received.text).toContain(`${PUBLIC_URL}/corrections/us/tools/acme`);
    for (const rendered of [received.subject, received.text, received.html, received.to[0]!.name]) {
      expect(rendered).not.toContain('prize');
      expect(rendered).not.toContain('evil.example');
    }
  });

  it("sends a mail a pod of the previous release queued on the shared 'mail' queue", async () => {
    const legacy = new Queue(
      Queues.legacyMail,
      bullmqOptions({ REDIS_URL: setup.env.REDIS_URL!, QUEUE_PREFIX: setup.prefix }),
    );
    try {
      const recipient = member();
      const jobId = mailJobId.welcome(recipient.uid);
      await legacy.add(MailKinds.welcome, { recipient }, { jobId, ...MAIL_JOB_OPTIONS });
      expect((await deliveredOnce(jobId)).to[0]!.address).toBe(recipient.email);
    } finally {
      await legacy.close();
    }
  });

  it("dead-letters, never sends, a kind the job's queue may not carry", async () => {
    const recipient = member();
    const jobId = mailJobId.passwordReset(recipient.uid, randomUUID());
    // Rankings' queue carries correction mails only: a reset there is a forgery.
    await setup.rankingsQueue.add(
      MailKinds.passwordReset,
      { recipient, resetHash: 'forged', expiresAt: '2026-11-21T14:05:00.000Z' },
      { jobId, ...MAIL_JOB_OPTIONS },
    );
    const job = await setup.rankingsQueue.getJob(jobId);
    await eventually('the job to fail', async () => (await job!.getState()) === 'failed');
    const failed = await setup.rankingsQueue.getJob(jobId);
    expect(failed!.failedReason).toBe('unknown mail kind of rankings "password-reset"');
    expect(failed!.attemptsMade).toBe(1);
    const later = mailJobId.welcome(`after-${recipient.uid}`);
    await setup.queue.add(MailKinds.welcome, { recipient: member() }, { jobId: later });
    await deliveredOnce(later);
    expect(await maildev.mailsWithIds([messageIdFor(jobId, MAIL_FROM)])).toEqual([]);
  });

  it('sends a job added twice with the same id once, even after it completed', async () => {
    const recipient = member();
    const jobId = mailJobId.welcome(recipient.uid);
    const options = { jobId, ...MAIL_JOB_OPTIONS };
    await Promise.all([
      setup.queue.add(MailKinds.welcome, { recipient }, options),
      setup.queue.add(MailKinds.welcome, { recipient }, options),
    ]);
    await deliveredOnce(jobId);
    const job = await setup.queue.getJob(jobId);
    await eventually('the job to complete', async () => (await job!.getState()) === 'completed');

    // The repeated priorities save: same id again, after the first mail went out.
    await setup.queue.add(MailKinds.welcome, { recipient }, options);
    expect(await setup.queue.getJobCounts('waiting', 'active', 'delayed')).toMatchObject({
      waiting: 0,
      active: 0,
      delayed: 0,
    });
    // A later mail has gone through the same worker: the duplicate would have been before it.
    const later = mailJobId.welcome(`after-${recipient.uid}`);
    await setup.queue.add(MailKinds.welcome, { recipient: member() }, { jobId: later });
    await deliveredOnce(later);
    expect(await maildev.mailsWithIds([messageIdFor(jobId, MAIL_FROM)])).toHaveLength(1);
  });

  it('records a send before completing the job; a redelivered job already sent is not sent again', async () => {
    const redis = new Redis(setup.env.REDIS_URL!);
    try {
      const recipient = member();
      const jobId = mailJobId.welcome(recipient.uid);
      await setup.queue.add(MailKinds.welcome, { recipient }, { jobId, ...MAIL_JOB_OPTIONS });
      await deliveredOnce(jobId);
      const messageId = messageIdFor(jobId, MAIL_FROM);
      expect(await redis.get(sendRecordKey(setup.prefix, jobId))).toBe(messageId);

      // The state a worker leaves when it dies after SMTP's acceptance was recorded but before
      // the job completed: the job comes back, its send is on record.
      const crashed = mailJobId.welcome(`crashed-${recipient.uid}`);
      const crashedId = messageIdFor(crashed, MAIL_FROM);
      await redis.set(sendRecordKey(setup.prefix, crashed), crashedId);
      await setup.queue.add(
        MailKinds.welcome,
        { recipient: member() },
        { jobId: crashed, ...MAIL_JOB_OPTIONS },
      );
      const completed = await eventually('the redelivered job to complete', async () => {
        const job = await setup.queue.getJob(crashed);
        return job && (await job.getState()) === 'completed' && job;
      });
      expect(completed.returnvalue).toEqual({ messageId: crashedId });
      // A later mail has gone through the same worker: the duplicate would have been before it.
      const later = mailJobId.welcome(`after-crash-${recipient.uid}`);
      await setup.queue.add(MailKinds.welcome, { recipient: member() }, { jobId: later });
      await deliveredOnce(later);
      expect(await maildev.mailsWithIds([crashedId])).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });

  it('keeps no personal data in a completed job', async () => {
    const recipient = member();
    const jobId = mailJobId.welcome(recipient.uid);
    await setup.queue.add(MailKinds.welcome, { recipient }, { jobId, ...MAIL_JOB_OPTIONS });
    await deliveredOnce(jobId);
    const data = await eventually('the job data to be redacted', async () => {
      const job = await setup.queue.getJob(jobId);
      return job && !('recipient' in job.data) && job.data;
    });
    expect(data).toEqual({ uid: recipient.uid, redacted: true });
  });

  it('counts sent mails per kind and reports SMTP and Redis ready', async () => {
    const metrics = await (await fetch(`${mail.url}/metrics`)).text();
    expect(metrics).toMatch(/upright_mail_sent_total\{kind="welcome",service="mail"\} [1-9]/);
    expect(metrics).toMatch(/upright_mail_sent_total\{kind="contact",service="mail"\} 1/);
    const ready = await fetch(`${mail.url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { redis: 'ok', smtp: 'ok' } });
  });
});

/**
 * The per-recipient budget of the mails a visitor can cause, on real Redis and SMTP: beyond it a
 * mail completes as suppressed, unsent; other addresses and exempt kinds are untouched.
 */
describe('the per-recipient mail budget', () => {
  const BUDGET = 2;
  let maildev: Maildev;
  let setup: ReturnType<typeof mailTestEnv>;
  let mail: StartedApp;

  beforeAll(async () => {
    maildev = await Maildev.start();
    setup = mailTestEnv('budget', maildev.smtpUrl, { MAIL_RECIPIENT_BUDGET: String(BUDGET) });
    mail = await startTestApp(mailService, setup.env);
  });

  afterAll(async () => {
    await mail?.app.close();
    await setup?.cleanup();
    await maildev?.dispose();
  });

  async function outcome(queue: typeof setup.queue, jobId: string) {
    return eventually(`job ${jobId} to complete`, async () => {
      const job = await queue.getJob(jobId);
      return job && (await job.getState()) === 'completed' && job.returnvalue;
    });
  }

  it('sends a visitor-caused mail to one address at most BUDGET times, whatever the case', async () => {
    const address = `victim-${randomUUID().slice(0, 8)}@example.com`;
    const victim = (uid: string, email: string) => ({
      uid,
      email,
      firstName: 'Vic',
      unsubscribeKey: 'k',
    });
    const resets = [address, address.toUpperCase(), `V${address.slice(1)}`].map((email, index) => ({
      jobId: mailJobId.passwordReset(`u-${index}-${randomUUID()}`, randomUUID()),
      email,
    }));
    const receipt = {
      jobId: mailJobId.correctionReceived(`C-${randomUUID()}`),
      data: {
        requester: { email: address },
        correction: {
          reference: 'C-9',
          company: { company_name: 'Acme', industry: 'tools', slug: 'acme' },
          field_label: 'Climate score',
          period: { period_year: 2026, period_qrt: 2 },
        },
        promiseDays: 14,
      },
    };
    for (const reset of resets.slice(0, BUDGET)) {
      await setup.queue.add(
        MailKinds.passwordReset,
        {
          recipient: victim(`u-reset-${randomUUID()}`, reset.email),
          resetHash: 'h',
          expiresAt: '2026-11-21T14:05:00.000Z',
        },
        { jobId: reset.jobId, ...MAIL_JOB_OPTIONS },
      );
      expect(await outcome(setup.queue, reset.jobId)).toHaveProperty('messageId');
    }
    // Over budget: the third reset (same address, other case) and a receipt from rankings' queue.
    const over = resets[BUDGET]!;
    await setup.queue.add(
      MailKinds.passwordReset,
      {
        recipient: victim(`u-reset-${randomUUID()}`, over.email),
        resetHash: 'h',
        expiresAt: '2026-11-21T14:05:00.000Z',
      },
      { jobId: over.jobId, ...MAIL_JOB_OPTIONS },
    );
    await setup.rankingsQueue.add(MailKinds.correctionReceived, receipt.data, {
      jobId: receipt.jobId,
      ...MAIL_JOB_OPTIONS,
    });
    expect(await outcome(setup.queue, over.jobId)).toEqual({ suppressed: 'recipient-budget' });
    expect(await outcome(setup.rankingsQueue, receipt.jobId)).toEqual({
      suppressed: 'recipient-budget',
    });

    // A rank alert (a member's own follow) and another address still go out.
    const alertJob = mailJobId.rankAlert(`u-${randomUUID()}`, 'C1', {
      period_year: 2026,
      period_qrt: 2,
    });
    await setup.queue.add(
      MailKinds.rankAlert,
      {
        recipient: victim('u-alert', address),
        company: { upright_cid: 'C1', company_name: 'Acme' },
        period: { period_year: 2026, period_qrt: 2 },
        moves: [{ industry: 'tools', industry_text: 'Tools', slug: 'acme', from: 3, to: 1, of: 9 }],
      },
      { jobId: alertJob, ...MAIL_JOB_OPTIONS },
    );
    const otherJob = mailJobId.welcome(`u-${randomUUID()}`);
    await setup.queue.add(
      MailKinds.welcome,
      { recipient: victim('u-other', `other-${address}`) },
      { jobId: otherJob, ...MAIL_JOB_OPTIONS },
    );
    expect(await outcome(setup.queue, alertJob)).toHaveProperty('messageId');
    expect(await outcome(setup.queue, otherJob)).toHaveProperty('messageId');

    const sent = (await maildev.mails()).filter(
      (received) => received.to[0]?.address.toLowerCase() === address,
    );
    const resetSubject = 'Reset your Upright password';
    expect(sent.filter((received) => received.subject === resetSubject)).toHaveLength(BUDGET);
    expect(sent.filter((received) => received.subject !== resetSubject)).toEqual([
      expect.objectContaining({ subject: expect.stringContaining('Acme') }),
    ]);
    const metrics = await (await fetch(`${mail.url}/metrics`)).text();
    expect(metrics).toMatch(
      /upright_mail_suppressed_total\{kind="password-reset",service="mail"\} 1/,
    );
    expect(metrics).toMatch(
      /upright_mail_suppressed_total\{kind="correction-received",service="mail"\} 1/,
    );
  });
});
