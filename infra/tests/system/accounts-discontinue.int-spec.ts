import {
  ERROR_TEXTS,
  Events,
  mailJobId,
  memberDeletionJobId,
  Queues,
  searchMemberDeletionJobId,
  type Averages,
  type ErrorBody,
} from '@upright/contracts';
import { eventually } from '@upright/platform/testing';
import { Worker, type Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { MemberDeletionScheduler } from '@upright/accounts/testing';
import {
  averagesInDatabase,
  Browser,
  emittedEvents,
  mailJobs,
  signUp,
  startAccountsStack,
  type AccountsStack,
} from './support/accounts-stack';

type DiscontinueAnswer = {
  discontinue: boolean;
  discontinue_date: string;
  discontinue_final: string;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Membership discontinuation and the durable deletion on the final date (docs/product/rules.md#s8).
 */
describe('accounts: discontinuation and member deletion', () => {
  let stack: AccountsStack;
  let deletionQueue: Queue;
  let searchDeletionQueue: Queue;

  beforeAll(async () => {
    stack = await startAccountsStack('acc-discontinue');
    deletionQueue = stack.openQueue(Queues.memberDeletion);
    searchDeletionQueue = stack.openQueue(Queues.searchMemberDeletion);
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('discontinues: final date +7 days, session ended; sign-in shows it; continue restores', async () => {
    const member = await signUp(stack, 'leaver');
    await member.browser.call('PUT', '/api/priorities', { climate: 0, tax: 10 });

    const answer = await member.browser.call<DiscontinueAnswer>('PUT', '/api/discontinue', {
      password: member.password,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.discontinue).toBe(true);
    const requested = Date.parse(answer.body.discontinue_date);
    expect(Date.parse(answer.body.discontinue_final) - requested).toBe(7 * DAY_MS);
    expect(member.browser.cookies.has('upright_session')).toBe(false);
    const bearer = await new Browser(stack.bff.url).call('GET', '/api/user', undefined, {
      bearer: member.token,
    });
    expect(bearer.status).toBe(401);

    const job = await deletionQueue.getJob(memberDeletionJobId(member.uid));
    expect(job?.data).toEqual({ uid: member.uid });
    expect(await job?.getState()).toBe('delayed');
    expect(job!.timestamp + job!.opts.delay!).toBeGreaterThan(Date.now() + 6 * DAY_MS);
    const confirmation = (await mailJobs(stack, 'discontinue-confirmation')).find(
      (mail) => mail.data.recipient.uid === member.uid,
    );
    expect(confirmation?.data.finalDate).toBe(answer.body.discontinue_final);
    // A pending member no longer counts in the averages.
    expect((await new Browser(stack.bff.url).call('GET', '/api/averages')).body).toEqual(
      await averagesInDatabase(stack),
    );

    // Signing in during the grace period: the discontinued state, for the overlay.
    const browser = await new Browser(stack.bff.url).open();
    const signin = await browser.call<{ user: Record<string, unknown> }>('POST', '/api/signin', {
      email: member.email,
      password: member.password,
    });
    expect(signin.status).toBe(200);
    expect(signin.body.user).toMatchObject({
      discontinue: true,
      canDiscontinue: false,
      discontinue_final: answer.body.discontinue_final,
    });
    expect((await browser.call('GET', '/api/user')).status).toBe(200);
    const blocked = await browser.call<ErrorBody>('GET', '/api/priorities');
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.message).toBe(ERROR_TEXTS.membershipDiscontinued);

    const continued = await browser.call<Record<string, unknown>>('PUT', '/api/canceldiscontinue');
    expect(continued.status).toBe(200);
    expect(continued.body).toMatchObject({
      email: member.email,
      discontinue: false,
      discontinue_date: null,
      discontinue_final: null,
      message: 'Your account discontinuation has been canceled.',
    });
    expect(await deletionQueue.getJob(memberDeletionJobId(member.uid))).toBeUndefined();
    const restored = await browser.call<{ values: { tax: number } }>('GET', '/api/priorities');
    expect(restored.status).toBe(200);
    expect(restored.body.values.tax).toBe(10);
    const user = await browser.call<{ discontinue: boolean; discontinue_date: null }>(
      'GET',
      '/api/user',
    );
    expect(user.body).toMatchObject({ discontinue: false, discontinue_date: null });
  });

  /** A dead letter of the member's: a mail job the (absent) mail service failed for good. */
  async function failedMailJob(uid: string): Promise<string> {
    const added = await stack.mailQueue.add(
      'password-reset',
      { recipient: { uid }, resetHash: 'x', expiresAt: new Date().toISOString() },
      { jobId: mailJobId.passwordReset(uid, randomUUID()), lifo: true },
    );
    const worker = new Worker(Queues.mailAccounts, null, stack.queueOptions);
    try {
      const job = await worker.getNextJob('test-token');
      expect(job?.id).toBe(added.id);
      await job!.moveToFailed(new Error('SMTP refused'), 'test-token', false);
    } finally {
      await worker.close();
    }
    return added.id!;
  }

  it('deletes the member on the final date: rows gone, mail jobs gone, averages announced, search asked', async () => {
    const member = await signUp(stack, 'deleted');
    await member.browser.call('PUT', '/api/priorities', { lobbying: 0, climate: 10 });
    await member.browser.call('PUT', '/api/discontinue', { password: member.password });
    const failed = await failedMailJob(member.uid);
    expect(await (await stack.mailQueue.getJob(failed))!.getState()).toBe('failed');
    const queuedOfMember = async () =>
      (await stack.mailQueue.getJobs(['waiting', 'delayed', 'failed', 'completed'])).filter((job) =>
        JSON.stringify(job?.data ?? {}).includes(member.uid),
      );
    // Queued: the verification and the discontinuation confirmation (no mail service runs).
    expect((await queuedOfMember()).length).toBeGreaterThanOrEqual(3);
    // The clock past the final date: the job then deletes (before it, it would not).
    await stack.db.query(
      "UPDATE accounts.users SET discontinue_date = now() - interval '8 days', discontinue_final = now() - interval '1 day' WHERE uid = $1",
      [member.uid],
    );
    const eventsBefore = (await emittedEvents(stack, Events.accounts.averagesChanged)).length;
    const job = await deletionQueue.getJob(memberDeletionJobId(member.uid));
    await job!.promote();

    await eventually('the member row to be deleted', async () => {
      const rows = await stack.db.query('SELECT 1 FROM accounts.users WHERE uid = $1', [
        member.uid,
      ]);
      return rows.rowCount === 0;
    });
    for (const table of ['sessions', 'priorities', 'password_resets', 'email_verifications']) {
      const rows = await stack.db.query(`SELECT 1 FROM accounts.${table} WHERE uid = $1`, [
        member.uid,
      ]);
      expect({ table, rows: rows.rowCount }).toEqual({ table, rows: 0 });
    }
    const searchJob = await eventually('the search deletion job', () =>
      searchDeletionQueue.getJob(searchMemberDeletionJobId(member.uid)),
    );
    expect(await queuedOfMember()).toEqual([]);
    expect(await stack.mailQueue.getJob(failed)).toBeUndefined();
    expect(searchJob.data).toEqual({ uid: member.uid });
    await eventually('job removal', async () => (await job!.getState()) === 'unknown');

    // The member had been uncounted since the request; the deletion recomputed, and any change
    // since then was announced with the stored values.
    const averages = (await new Browser(stack.bff.url).call<Averages>('GET', '/api/averages')).body;
    expect(averages).toEqual(await averagesInDatabase(stack));
    const events = await emittedEvents(stack, Events.accounts.averagesChanged);
    expect(events.length).toBeGreaterThanOrEqual(eventsBefore);
    if (events.length > 0) expect(events.at(-1)).toEqual(averages);
  });

  it('averages change when a counted member leaves', async () => {
    const member = await signUp(stack, 'counted');
    await member.browser.call('PUT', '/api/priorities', { net_neutrality: 10, diverse_pay: 0 });
    const counted = await new Browser(stack.bff.url).call<Averages>('GET', '/api/averages');
    const before = (await emittedEvents(stack, Events.accounts.averagesChanged)).length;
    await member.browser.call('PUT', '/api/discontinue', { password: member.password });
    const after = await new Browser(stack.bff.url).call<Averages>('GET', '/api/averages');
    expect(after.body).not.toEqual(counted.body);
    expect(after.body).toEqual(await averagesInDatabase(stack));
    const events = await emittedEvents(stack, Events.accounts.averagesChanged);
    expect(events.length).toBe(before + 1);
    expect(events.at(-1)).toEqual(after.body);
  });

  it('re-schedules a lost deletion job at start-up (sweep)', async () => {
    const member = await signUp(stack, 'swept');
    await member.browser.call('PUT', '/api/discontinue', { password: member.password });
    await deletionQueue.remove(memberDeletionJobId(member.uid));
    expect(await deletionQueue.getJob(memberDeletionJobId(member.uid))).toBeUndefined();

    await stack.accounts.app.get(MemberDeletionScheduler).sweep();
    const job = await deletionQueue.getJob(memberDeletionJobId(member.uid));
    expect(job?.data).toEqual({ uid: member.uid });
    expect(await job?.getState()).toBe('delayed');
  });
});
