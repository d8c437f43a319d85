import {
  ISSUES,
  MailKinds,
  mailJobId,
  MEMBER_DELETION_JOB,
  memberDeletionJobId,
  Queues,
  type FollowsResponse,
  type Period,
  type RankAlertsJobData,
} from '@upright/contracts';
import { RedisConnection } from '@upright/platform';
import { eventually, startTestApp, testInfra, type StartedApp } from '@upright/platform/testing';
import type { Job } from 'bullmq';
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RankAlertsWorker, unsubscribeKey } from '@upright/accounts/testing';
import {
  messageIdFor,
  Maildev,
  startMailProcess,
  stopProcess,
  repoPath,
  SmtpHoldProxy,
} from '@upright/mail/testing';
import { dataVersionKey } from '@upright/rankings/testing';
import { rankingsService } from '@upright/rankings';
import {
  mailJobs,
  signUp,
  startAccountsStack,
  type AccountsStack,
  type SignedUp,
} from './support/accounts-stack';

const MAIL_FROM = 'alerts@upright.test';
const UNSUBSCRIBE_SECRET = 'u'.repeat(40); // startAccountsStack's
const P1: Period = { period_year: 2031, period_qrt: 1 };
const P2: Period = { period_year: 2031, period_qrt: 2 };

/**
 * Follow alerts: importing a new period sends exactly one mail per follower of each moved
 * company, nothing for unmoved or unfollowed companies or unsubscribed members, and none twice
 * across a SIGKILL of the mail process — through the real import command, accounts' worker,
 * BullMQ, the mail service as its own process and a real SMTP server. Nothing to an
 * unverified address, whether never verified or changed since the follow.
 */
describe('follow companies and rank alerts', () => {
  const infra = testInfra();
  let stack: AccountsStack;
  let rankings: StartedApp;
  let maildev: Maildev;
  let proxy: SmtpHoldProxy;
  const children = new Set<ChildProcess>();
  const files: string[] = [];
  let tag: string;

  const industryA = () => `zz-${tag}-alerts-a`;
  const industryB = () => `zz-${tag}-alerts-b`;
  const cid = (name: string) => `ZZ${tag}${name}`;
  const companyName = (name: string) => `${name} Alert ${tag}`;
  const slug = (name: string) => companyName(name).toLowerCase().replace(/\s+/g, '-');

  /** Every score of a company is `value`: the lower, the better its rank on every issue. */
  function scores(name: string, period: Period, value: number) {
    return {
      upright_cid: cid(name),
      ...period,
      ...Object.fromEntries(ISSUES.map((issue) => [issue.scoreField, value])),
    };
  }

  /**
   * Industry A: P1 ranks P, X, Y, Z; P2 ranks X, Y, P, Z (X and Y and P move, Z does not).
   * Industry B: P1 ranks Q, X; P2 ranks X, Q. X is in both: its followers get one mail.
   */
  function dataSet(withSecondPeriod: boolean) {
    const companies = [
      ['P', industryA(), [industryA()]],
      ['X', industryA(), [industryA(), industryB()]],
      ['Y', industryA(), [industryA()]],
      ['Z', industryA(), [industryA()]],
      ['Q', industryB(), [industryB()]],
    ] as const;
    const first = { P: 1, X: 2, Y: 3, Z: 4, Q: 1 };
    const second = { X: 1, Y: 2, P: 3, Z: 4, Q: 3 };
    return {
      industries: [industryA(), industryB()].map((industry) => ({
        industry,
        industry_text: `Alerts ${industry.slice(-1).toUpperCase()} ${tag}`,
        definition: 'Test industry of the rank alerts',
        limit: 10,
      })),
      companies: companies.map(([name, industry, industries]) => ({
        upright_cid: cid(name),
        company_name: companyName(name),
        industry,
        industries: [...industries],
        structure: 'Public',
      })),
      scores: [
        ...Object.entries(first).map(([name, value]) => scores(name, P1, value)),
        ...(withSecondPeriod
          ? Object.entries(second).map(([name, value]) => scores(name, P2, value))
          : []),
      ],
    };
  }

  /**
   * `make import PUBLISH=1` as its own process (the built command, as rankings' data-import
   * test runs it: the generated Prisma client's imports need the compiled files), on this
   * stack's Redis prefixes.
   */
  async function importFile(data: unknown): Promise<string> {
    const file = path.join(tmpdir(), `alerts-${tag}-${files.length}.json`);
    files.push(file);
    await writeFile(file, JSON.stringify(data));
    const child = fork(repoPath('services/rankings/dist/data-import/cli.js'), [file, '--publish'], {
      env: {
        ...process.env,
        DATABASE_URL: infra.databaseUrl('rankings'),
        REDIS_URL: infra.redisUrl,
        TRANSPORT_PREFIX: stack.prefix,
        QUEUE_PREFIX: stack.queuePrefix,
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number];
    if (code !== 0) throw new Error(`import failed (${code}): ${output}`);
    return output;
  }

  const startAlertMail = () =>
    startMailProcess(
      {
        REDIS_URL: infra.redisUrl,
        TRANSPORT_PREFIX: stack.prefix,
        QUEUE_PREFIX: stack.queuePrefix,
        SMTP_URL: proxy.url,
        MAIL_FROM,
        CONTACT_INBOX: 'inbox@upright.test',
        PUBLIC_URL: 'https://upright.test',
        MAIL_CONCURRENCY: '1',
        MAIL_LOCK_DURATION_MS: '2000',
      },
      children,
    );
  const kill = (child: ChildProcess) => stopProcess(child, 'SIGKILL');

  const follow = (member: SignedUp, industry: string, name: string) =>
    member.browser.call<FollowsResponse>('PUT', `/api/follows/us/${industry}/${slug(name)}`);

  /** Verifies a member's email with the code of the mailed link, as the web app's page does. */
  async function verify(member: SignedUp): Promise<void> {
    const mail = (await mailJobs(stack, MailKinds.emailVerification)).find(
      (job) => job.data.recipient.uid === member.uid,
    );
    const verified = await member.browser.call('POST', '/api/verify', {
      hash: mail!.data.verifyHash,
    });
    expect(verified.status).toBe(200);
  }

  const rankAlertJobs = async (): Promise<Job[]> =>
    (await stack.mailQueue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).filter(
      (job) => job?.name === MailKinds.rankAlert,
    );

  beforeAll(async () => {
    maildev = await Maildev.start();
    proxy = await SmtpHoldProxy.start(maildev.smtpPort, 1);
    stack = await startAccountsStack('follow-alerts');
    tag = stack.tag.replace('acc-', '');
    rankings = await startTestApp(rankingsService, {
      REDIS_URL: infra.redisUrl,
      TRANSPORT_PREFIX: stack.prefix,
      DATABASE_URL: infra.databaseUrl('rankings'),
    });
    await importFile(dataSet(false));
  }, 120_000);

  afterAll(async () => {
    for (const child of children) await kill(child);
    const redis = rankings?.app.get(RedisConnection).redis;
    for (const industry of [industryA(), industryB()]) {
      await redis?.del(dataVersionKey(stack.prefix, industry));
    }
    await rankings?.app.close();
    const db = stack?.db;
    if (db) {
      await db.query('DELETE FROM rankings.companies WHERE upright_cid LIKE $1', [`ZZ${tag}%`]);
      await db.query('DELETE FROM rankings.industries WHERE industry LIKE $1', [`zz-${tag}-%`]);
    }
    await stack?.close();
    await proxy?.close();
    await maildev?.dispose();
    for (const file of files) await rm(file, { force: true });
  });

  it('follows and unfollows from the company page; the account list names the companies', async () => {
    const member = await signUp(stack, 'lister');
    const followed = await follow(member, industryB(), 'X');
    expect(followed.status).toBe(200);
    // Accepted, and it says no alert is mailed until the address is verified.
    expect(followed.body).toEqual({
      alerts: true,
      alerts_need_verification: true,
      follows: [
        expect.objectContaining({
          upright_cid: cid('X'),
          company_name: companyName('X'),
          industry: industryB(),
          slug: slug('X'),
        }),
      ],
    });
    await verify(member);
    expect((await follow(member, industryA(), 'Y')).body.alerts_need_verification).toBe(false);
    await member.browser.call('DELETE', `/api/follows/${cid('Y')}`);
    expect((await follow(member, industryA(), 'no-such-company')).status).toBe(404);
    // CSRF: a cookie-authenticated write without the header is refused.
    const forged = await member.browser.call(
      'PUT',
      `/api/follows/us/${industryA()}/${slug('Y')}`,
      undefined,
      { csrf: false },
    );
    expect(forged.status).toBe(403);
    const gone = await member.browser.call<FollowsResponse>('DELETE', `/api/follows/${cid('X')}`);
    expect(gone.body.follows).toEqual([]);
    const visitor = await fetch(`${stack.bff.url}/api/follows`);
    expect(visitor.status).toBe(401);
  });

  it('a new period mails each follower of each moved company once, none twice across a mail-process kill', async () => {
    const ann = await signUp(stack, 'ann'); // X and Y: two mails
    const bob = await signUp(stack, 'bob'); // X (moved) and Z (not): one mail
    const cat = await signUp(stack, 'cat'); // Z only: none
    const eve = await signUp(stack, 'eve'); // followed Y, then unfollowed: none
    const fay = await signUp(stack, 'fay'); // X, then unsubscribed from a mail: none
    await signUp(stack, 'dan'); // follows nothing: none
    const uma = await signUp(stack, 'uma'); // X, never verified her address: none
    const vic = await signUp(stack, 'vic'); // Y, verified, then changed his address: none
    for (const member of [ann, bob, cat, eve, fay, vic]) await verify(member);
    for (const [member, industry, name] of [
      [ann, industryA(), 'X'],
      [ann, industryA(), 'Y'],
      [bob, industryB(), 'X'],
      [bob, industryA(), 'Z'],
      [cat, industryA(), 'Z'],
      [eve, industryA(), 'Y'],
      [fay, industryA(), 'X'],
      [uma, industryA(), 'X'],
      [vic, industryA(), 'Y'],
    ] as const) {
      expect((await follow(member, industry, name)).status).toBe(200);
    }
    // Verified when he followed; the new address is not, and alerts are checked when sent.
    const vicsNewEmail = stack.email('vic-new');
    const moved = await vic.browser.call('PUT', '/api/settings', {
      email: vicsNewEmail,
      current_password: vic.password,
    });
    expect(moved.status).toBe(200);
    await eve.browser.call('DELETE', `/api/follows/${cid('Y')}`);
    const unsubscribed = await fay.browser.call('POST', '/api/unsubscribe', {
      uid: fay.uid,
      key: unsubscribeKey(UNSUBSCRIBE_SECRET, fay.uid),
    });
    expect(unsubscribed.status).toBe(200);
    expect((await fay.browser.call<FollowsResponse>('GET', '/api/follows')).body.alerts).toBe(
      false,
    );
    // Only the alerts go through the SMTP server below: the sign-ups' verification mails go.
    await stack.mailQueue.drain();

    const output = await importFile(dataSet(true));
    expect(output).toContain('Queued rank alerts for 2031 Q2');
    const expected = [
      mailJobId.rankAlert(ann.uid, cid('X'), P2),
      mailJobId.rankAlert(ann.uid, cid('Y'), P2),
      mailJobId.rankAlert(bob.uid, cid('X'), P2),
    ].sort();
    await eventually(
      'the three alerts to be queued',
      async () => (await rankAlertJobs()).length === 3,
    );
    expect((await rankAlertJobs()).map((job) => job.id).sort()).toEqual(expected);
    const annX = (await stack.mailQueue.getJob(mailJobId.rankAlert(ann.uid, cid('X'), P2)))!;
    expect(
      annX.data.moves.map((move: { industry: string; from: number; to: number }) => [
        move.industry,
        move.from,
        move.to,
      ]),
    ).toEqual([
      [industryA(), 2, 1],
      [industryB(), 2, 1],
    ]);

    // One mail accepted, the next held at its last byte, one waiting: then SIGKILL.
    const first = await startAlertMail();
    await eventually('one alert sent and the next held mid-delivery', async () => {
      const counts = await stack.mailQueue.getJobCounts('completed', 'active');
      return proxy.forwardedMessages === 1 && proxy.heldConnections === 1 && counts.completed === 1;
    });
    await kill(first);
    proxy.passEverything();
    await startAlertMail();
    await eventually(
      'every alert to be sent',
      async () => (await stack.mailQueue.getCompletedCount()) === 3,
      60_000,
    );

    const byMessageId = new Map(expected.map((id) => [messageIdFor(id, MAIL_FROM), id]));
    const received = await maildev.mailsWithIds([...byMessageId.keys()]);
    expect(received.map((mail) => byMessageId.get(`<${mail.messageId}>`)).sort()).toEqual(expected);
    const toAnn = received.filter((mail) => mail.to[0]?.address === ann.email);
    expect(toAnn).toHaveLength(2);
    const mailX = toAnn.find((mail) => mail.subject.startsWith(companyName('X')))!;
    expect(mailX.subject).toBe(`${companyName('X')} moved in the Q2 2031 Upright rankings`);
    expect(mailX.text).toContain('▲1 to #1 of 4 (was #2)');
    expect(mailX.headers['list-unsubscribe']).toBe(
      `<https://upright.test/account/unsubscribe/${ann.uid}/${unsubscribeKey(UNSUBSCRIBE_SECRET, ann.uid)}>`,
    );
    const everyMail = await maildev.mails();
    for (const address of [cat, eve, fay, uma, vic].map((member) => member.email)) {
      expect(everyMail.filter((mail) => mail.to[0]?.address === address)).toEqual([]);
    }
    expect(everyMail.filter((mail) => mail.to[0]?.address === vicsNewEmail)).toEqual([]);

    // Re-importing the same file and re-running the fan-out add nothing and send nothing.
    const again = await importFile(dataSet(true));
    expect(again).not.toContain('Queued rank alerts');
    const alertsQueue = stack.openQueue(Queues.rankAlerts);
    const [job] = await alertsQueue.getJobs(['completed']);
    await stack.accounts.app.get(RankAlertsWorker).fanOut(job!.data as RankAlertsJobData);
    expect((await rankAlertJobs()).length).toBe(3);
    expect(await stack.mailQueue.getWaitingCount()).toBe(0);
    expect((await maildev.mails()).length).toBe(everyMail.length);
  }, 180_000);

  it("deletes a member's follows with the member (docs/product/rules.md#s8)", async () => {
    const member = await signUp(stack, 'leaver');
    await follow(member, industryA(), 'Y');
    await member.browser.call('PUT', '/api/discontinue', { password: member.password });
    await stack.db.query(
      "UPDATE accounts.users SET discontinue_date = now() - interval '8 days', discontinue_final = now() - interval '1 day' WHERE uid = $1",
      [member.uid],
    );
    const deletions = stack.openQueue(Queues.memberDeletion);
    const job = await deletions.getJob(memberDeletionJobId(member.uid));
    expect(job?.name).toBe(MEMBER_DELETION_JOB);
    await job!.promote();
    await eventually('the follows to be deleted', async () => {
      const rows = await stack.db.query('SELECT 1 FROM accounts.follows WHERE uid = $1', [
        member.uid,
      ]);
      return rows.rowCount === 0;
    });
    const user = await stack.db.query('SELECT 1 FROM accounts.users WHERE uid = $1', [member.uid]);
    expect(user.rowCount).toBe(0);
  });
});
