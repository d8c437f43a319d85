import {
  MAIL_JOB_OPTIONS,
  MailKinds,
  mailJobId,
  type MailJobData,
  type MailRecipient,
} from '@upright/contracts';
import { eventually, startTestApp, type StartedApp } from '@upright/platform/testing';
import { randomUUID } from 'node:crypto';
import { messageIdFor } from '../src/delivery/message-id';
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
