import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { MAIL_JOB_OPTIONS, MailKinds, mailJobId, type MailRecipient } from '@upright/contracts';
import { eventually, startTestApp, type StartedApp } from '@upright/platform/testing';
import type { DeadLetter } from '../src/dead-letters/dead-letters';
import { messageIdFor } from '../src/delivery/message-id';
import { mailService } from '../src/service';
import { Maildev } from './maildev';
import { MAIL_FROM, mailTestEnv } from './mail-test-env';
import { tsEntry } from './run-ts';

const run = promisify(execFile);

/** `make mail-retry`'s command, from the sources. */
function mailCli(setup: ReturnType<typeof mailTestEnv>, ...args: string[]) {
  return run(process.execPath, [...tsEntry('services/mail/src/dead-letters/cli.ts'), ...args], {
    env: { ...process.env, REDIS_URL: setup.env.REDIS_URL, QUEUE_PREFIX: setup.prefix },
  });
}

const member = (): MailRecipient => ({
  uid: `u-${randomUUID()}`,
  email: `ada-${randomUUID().slice(0, 8)}@example.com`,
  firstName: 'Ada',
  unsubscribeKey: 'key',
});

/** Quick retries so an outage is ridden out in seconds; same shape as MAIL_JOB_OPTIONS. */
const fastRetries = (attempts: number) => ({
  ...MAIL_JOB_OPTIONS,
  attempts,
  backoff: { type: 'exponential', delay: 200 },
});

async function deadLetters(
  mail: StartedApp,
): Promise<{ total: number; deadLetters: DeadLetter[] }> {
  const response = await fetch(`${mail.url}/dead-letters`);
  expect(response.status).toBe(200);
  return (await response.json()) as { total: number; deadLetters: DeadLetter[] };
}

describe('an SMTP outage', () => {
  let maildev: Maildev;
  let setup: ReturnType<typeof mailTestEnv>;
  let mail: StartedApp;

  beforeAll(async () => {
    maildev = await Maildev.create(); // ports chosen, server not started: SMTP is down
    setup = mailTestEnv('outage', maildev.smtpUrl);
    mail = await startTestApp(mailService, setup.env);
  });

  afterAll(async () => {
    await mail?.app.close();
    await setup?.cleanup();
    await maildev?.dispose();
  });

  const exhaustedRecipient = member();
  const exhaustedId = mailJobId.welcome(exhaustedRecipient.uid);

  it('reports the service not ready while SMTP does not answer', async () => {
    const ready = await fetch(`${mail.url}/health/ready`);
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { checks: Record<string, string> };
    expect(body.checks.redis).toBe('ok');
    expect(body.checks.smtp).toMatch(/ECONNREFUSED/);
  });

  it('puts a job whose attempts are used up in the dead-letter view, without personal data', async () => {
    await setup.queue.add(
      MailKinds.welcome,
      { recipient: exhaustedRecipient },
      { jobId: exhaustedId, ...fastRetries(2) },
    );
    const job = await setup.queue.getJob(exhaustedId);
    await eventually('the job to fail for good', async () => (await job!.getState()) === 'failed');

    const view = await deadLetters(mail);
    const letter = view.deadLetters.find((entry) => entry.id === exhaustedId);
    expect(letter).toMatchObject({
      kind: 'welcome',
      uid: exhaustedRecipient.uid,
      attempts: 2,
      lastError: expect.stringMatching(/ECONNREFUSED/),
    });
    expect(view.total).toBe(1);
    expect(JSON.stringify(view)).not.toContain(exhaustedRecipient.email);
    // After the last attempt the job itself keeps no address, name or link code either.
    await eventually('the dead letter to be redacted', async () => {
      const data = (await setup.queue.getJob(exhaustedId))!.data as Record<string, unknown>;
      return (
        JSON.stringify(data) === JSON.stringify({ uid: exhaustedRecipient.uid, redacted: true })
      );
    });
    const metrics = await (await fetch(`${mail.url}/metrics`)).text();
    expect(metrics).toMatch(
      /upright_mail_failed_total\{kind="welcome",outcome="dead_letter",service="mail"\} 1/,
    );
  });

  it('retries with backoff and delivers once SMTP is back', async () => {
    const recipient = member();
    const jobId = mailJobId.welcome(recipient.uid);
    await setup.queue.add(MailKinds.welcome, { recipient }, { jobId, ...fastRetries(10) });
    const job = await setup.queue.getJob(jobId);
    await eventually('two failed attempts', async () => {
      const current = await setup.queue.getJob(jobId);
      return current!.attemptsMade >= 2 && (await current!.getState()) === 'delayed';
    });

    await maildev.startProcess();
    const messageId = messageIdFor(jobId, MAIL_FROM);
    await eventually('the mail', async () => (await maildev.mailsWithIds([messageId])).length > 0);
    await eventually('the job to complete', async () => (await job!.getState()) === 'completed');
    const done = await setup.queue.getJob(jobId);
    expect(done!.attemptsMade).toBeGreaterThanOrEqual(2);
    expect(await maildev.mailsWithIds([messageId])).toHaveLength(1);
    const metrics = await (await fetch(`${mail.url}/metrics`)).text();
    expect(metrics).toMatch(
      /upright_mail_failed_total\{kind="welcome",outcome="retry",service="mail"\} [1-9]/,
    );
  });

  it('does not queue a redacted dead letter again (`make mail-retry` says why)', async () => {
    await expect(mailCli(setup, 'retry', exhaustedId)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`the member must ask again: ${exhaustedId}`),
    });
    expect(await (await setup.queue.getJob(exhaustedId))!.getState()).toBe('failed');
  });

  it('refuses to retry an id that is not a dead letter', async () => {
    await expect(mailCli(setup, 'retry', 'welcome_nobody')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('not dead letters: welcome_nobody'),
    });
  });
});

describe('a permanent failure', () => {
  let maildev: Maildev;
  let setup: ReturnType<typeof mailTestEnv>;
  let mail: StartedApp;

  beforeAll(async () => {
    // This server insists on authentication, which the service does not offer: every MAIL FROM
    // is refused with 530, a permanent reply.
    maildev = await Maildev.start({ user: 'someone', pass: 'secret' });
    setup = mailTestEnv('permanent', maildev.smtpUrl);
    mail = await startTestApp(mailService, setup.env);
  });

  afterAll(async () => {
    await mail?.app.close();
    await setup?.cleanup();
    await maildev?.dispose();
  });

  it('dead-letters a mail the SMTP server refuses with 5xx after one attempt', async () => {
    const recipient = member();
    const jobId = mailJobId.welcome(recipient.uid);
    await setup.queue.add(MailKinds.welcome, { recipient }, { jobId, ...MAIL_JOB_OPTIONS });
    const job = await setup.queue.getJob(jobId);
    await eventually('the job to fail', async () => (await job!.getState()) === 'failed');

    const letter = (await deadLetters(mail)).deadLetters.find((entry) => entry.id === jobId);
    expect(letter).toMatchObject({ attempts: 1, lastError: expect.stringMatching(/530/) });
    expect(await maildev.mails()).toEqual([]);
  });

  it('dead-letters a malformed job at once, naming the bad fields only', async () => {
    const jobId = `malformed-${randomUUID()}`;
    await setup.queue.add(
      MailKinds.passwordReset,
      { recipient: { ...member(), email: 'not-an-address' }, resetHash: '', expiresAt: 'soon' },
      { jobId, ...MAIL_JOB_OPTIONS },
    );
    // On rankings' queue: the dead-letter view and `make mail-retry` cover every producer's.
    await setup.rankingsQueue.add('newsletter', { anything: true }, { jobId: `${jobId}-kind` });
    await eventually(
      'both jobs to fail',
      async () =>
        (await setup.queue.getFailedCount()) >= 2 &&
        (await setup.rankingsQueue.getFailedCount()) >= 1,
    );

    const view = await deadLetters(mail);
    expect(view.total).toBe(3);
    const letters = view.deadLetters;
    expect(letters.find((entry) => entry.id === jobId)).toMatchObject({
      queue: 'mail-accounts',
      kind: 'password-reset',
      attempts: 1,
      lastError: 'invalid password-reset job: recipient.email, resetHash, expiresAt',
    });
    expect(letters.find((entry) => entry.id === `${jobId}-kind`)).toMatchObject({
      queue: 'mail-rankings',
      kind: 'newsletter',
      lastError: 'unknown mail kind of rankings "newsletter"',
    });
    const { stdout } = await mailCli(setup, 'list');
    expect(JSON.parse(stdout)).toMatchObject({ total: 3 });
    // Found on rankings' queue (a dead letter there, redacted: not sent again).
    await eventually(
      'the dead letter to be redacted',
      async () => (await setup.rankingsQueue.getJob(`${jobId}-kind`))!.data.redacted === true,
    );
    await expect(mailCli(setup, 'retry', `${jobId}-kind`)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`the member must ask again: ${jobId}-kind`),
    });
  });
});
