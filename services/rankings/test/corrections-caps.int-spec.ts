import { randomUUID } from 'node:crypto';
import { RpcException } from '@nestjs/microservices';
import { ERROR_TEXTS, type CorrectionRequest } from '@upright/contracts';
import { RedisConnection } from '@upright/platform';
import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { Client } from 'pg';
import { CorrectionsService } from '../src/corrections/corrections.service';
import { rankingsService } from '../src/service';

/**
 * Against real Postgres and Redis: open correction requests are capped per company and
 * per requester (the address's key ignores case and "+tags"), and requests sent at the same time
 * cannot race past a cap; the ledger counts open requests and lists decided ones a page at a
 * time; the admins' queue comes in pages.
 */
describe('correction requests: caps on open requests, pages', () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('corrections-caps');
  const queuePrefix = `${prefix}-queues`;
  const tag = randomUUID().slice(0, 6);
  const industry = `zz-${tag}-caps`;
  const cid = (name: string) => `ZZ${tag}${name}`;
  const slug = (name: string) => `caps-${name.toLowerCase()}-${tag}`;
  const PER_COMPANY = 4;
  const PER_REQUESTER = 2;
  let db: Client;
  let rankings: StartedApp;
  let corrections: CorrectionsService;

  const request = (company: string, email: string): CorrectionRequest => ({
    industry,
    company: slug(company),
    field: 'us_tax_score',
    period_year: 2031,
    period_qrt: 2,
    name: 'Grace Hopper',
    email,
    what_is_wrong: 'The filing shows another rate.',
    evidence_url: 'https://example.org/filing',
  });

  /** Every request at once; what each one was answered (a reference or the error's payload). */
  async function askAtOnce(requests: CorrectionRequest[]) {
    const outcomes = await Promise.allSettled(requests.map((one) => corrections.request(one)));
    return outcomes.map((outcome) => {
      if (outcome.status === 'fulfilled') return { stored: outcome.value.reference };
      if (outcome.reason instanceof RpcException) return { refused: outcome.reason.getError() };
      throw outcome.reason;
    });
  }

  async function openOf(company: string): Promise<number> {
    const rows = await db.query(
      `SELECT count(*)::int AS n FROM rankings.correction_requests
        WHERE upright_cid = $1 AND status = 'open'`,
      [cid(company)],
    );
    return (rows.rows[0] as { n: number }).n;
  }

  beforeAll(async () => {
    db = new Client({ connectionString: infra.adminUrl() });
    await db.connect();
    await db.query(
      `INSERT INTO rankings.industries (industry, industry_text) VALUES ($1, 'Caps test')`,
      [industry],
    );
    for (const name of ['A', 'B', 'C', 'D']) {
      await db.query(
        `INSERT INTO rankings.companies (upright_cid, company_name, slug, industry, structure)
         VALUES ($1, $2, $3, $4, 'Public')`,
        [cid(name), `Caps ${name}`, slug(name), industry],
      );
      await db.query(
        'INSERT INTO rankings.company_industries (industry, upright_cid) VALUES ($1, $2)',
        [industry, cid(name)],
      );
      await db.query(
        `INSERT INTO rankings.company_scores (upright_cid, period_year, period_qrt, us_tax_score)
         VALUES ($1, 2031, 2, 1)`,
        [cid(name)],
      );
    }
    rankings = await startTestApp(rankingsService, {
      REDIS_URL: infra.redisUrl,
      TRANSPORT_PREFIX: prefix,
      QUEUE_PREFIX: queuePrefix,
      DATABASE_URL: infra.databaseUrl('rankings'),
      CORRECTIONS_OPEN_PER_COMPANY: String(PER_COMPANY),
      CORRECTIONS_OPEN_PER_REQUESTER: String(PER_REQUESTER),
    });
    corrections = rankings.app.get(CorrectionsService);
  });

  afterAll(async () => {
    const redis = rankings?.app.get(RedisConnection).redis;
    if (redis) {
      const keys = await redis.keys(`${queuePrefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
    }
    await rankings?.app.close();
    await db.query('DELETE FROM rankings.companies WHERE upright_cid LIKE $1', [`ZZ${tag}%`]);
    await db.query('DELETE FROM rankings.industries WHERE industry = $1', [industry]);
    await db.end();
  });

  it('stores at most the per-requester cap of requests sent at once, however the address is spelt', async () => {
    const spellings = [
      `grace-${tag}@example.org`,
      `Grace-${tag}@Example.org`,
      `grace-${tag}+ledger@example.org`,
      ` GRACE-${tag}+x@example.ORG `.trim(),
      `grace-${tag}+1@example.org`,
      `grace-${tag}+2@example.org`,
    ];
    const answers = await askAtOnce(spellings.map((email) => request('A', email)));

    expect(answers.filter((answer) => 'stored' in answer)).toHaveLength(PER_REQUESTER);
    for (const answer of answers.filter((one) => 'refused' in one)) {
      expect(answer).toEqual({
        refused: {
          code: 'conflict',
          message: ERROR_TEXTS.correctionsOpenPerRequester,
          field: 'email',
        },
      });
    }
    expect(await openOf('A')).toBe(PER_REQUESTER);
    // Another address is not held back by Grace's requests.
    await expect(corrections.request(request('A', `ada-${tag}@example.org`))).resolves.toEqual(
      expect.objectContaining({ reference: expect.stringMatching(/^C-\d+$/) }),
    );
  });

  it('stores at most the per-company cap of requests sent at once from many addresses', async () => {
    const answers = await askAtOnce(
      Array.from({ length: 10 }, (_, i) => request('B', `someone-${i}-${tag}@example.org`)),
    );
    expect(answers.filter((answer) => 'stored' in answer)).toHaveLength(PER_COMPANY);
    expect(answers.filter((answer) => 'refused' in answer)).toEqual(
      Array(10 - PER_COMPANY).fill({
        refused: {
          code: 'conflict',
          message: ERROR_TEXTS.correctionsOpenPerCompany,
          field: 'company',
        },
      }),
    );
    expect(await openOf('B')).toBe(PER_COMPANY);
  });

  it('counts open requests only: a decided one makes room for the next', async () => {
    const email = `linus-${tag}@example.org`;
    const [first] = await askAtOnce([request('C', email), request('C', email)]);
    await expect(corrections.request(request('C', email))).rejects.toBeInstanceOf(RpcException);
    const id = Number((first as { stored: string }).stored.slice(2));
    await corrections.reject({ id, reason: 'The filing says otherwise.', resolved_by: 'admin' });
    await expect(corrections.request(request('C', email))).resolves.toEqual(
      expect.objectContaining({ reference: expect.any(String) }),
    );
  });

  it('stores a keyed request once: tries of one action, at once or after the first committed, get its reference', async () => {
    // Straight to the service, past IdempotentWrites' Redis record: what a retry meets when the
    // replica that committed the first try died before keeping its reply (decision 0050).
    const keyed = (key: string) => ({
      ...request('D', `barbara-${tag}@example.org`),
      idempotencyKey: key.repeat(64),
    });
    const atOnce = await askAtOnce([keyed('a'), keyed('a'), keyed('a')]);
    const again = await corrections.request(keyed('a'));
    expect(
      new Set([...atOnce.map((one) => (one as { stored: string }).stored), again.reference]),
    ).toEqual(new Set([again.reference]));
    expect(await openOf('D')).toBe(1);
    // Another action of the same person is another request.
    const other = await corrections.request(keyed('b'));
    expect(other.reference).not.toBe(again.reference);
    expect(await openOf('D')).toBe(2);
  });

  it('the ledger counts open requests and lists decided ones a page at a time', async () => {
    // Company B has PER_COMPANY open requests: decide all but one, oldest first.
    const queue = await corrections.open({ page: 1, size: 50 });
    const ofB = queue.corrections.filter((one) => one.company.upright_cid === cid('B'));
    expect(ofB).toHaveLength(PER_COMPANY);
    for (const [i, open] of ofB.slice(0, PER_COMPANY - 1).entries()) {
      await corrections.reject({ id: open.id, reason: `Reason ${i}`, resolved_by: 'admin' });
      // Distinct resolution times, so "most recently decided" has one order.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const ledger = (page: number, size: number) =>
      corrections.ledger({ industry, company: slug('B'), page, size });
    const first = (await ledger(1, 2))!;
    expect(first.open_requests).toBe(1);
    expect(first.page).toEqual({ page: 1, size: 2, total: PER_COMPANY - 1 });
    // Most recently decided first; no open request is listed.
    expect(first.entries.map((entry) => entry.reason)).toEqual(['Reason 2', 'Reason 1']);
    const second = (await ledger(2, 2))!;
    expect(second.entries.map((entry) => entry.reason)).toEqual(['Reason 0']);
    expect((await ledger(3, 2))!.entries).toEqual([]);
    for (const page of [first, second]) {
      expect(page.entries.every((entry) => entry.status !== 'open')).toBe(true);
      expect(page.entries.map((entry) => entry.reference)).not.toContain(
        `C-${ofB[PER_COMPANY - 1]!.id}`,
      );
    }
    expect(first.median_resolution_seconds.company).toEqual(expect.any(Number));
  });

  it("the admins' queue comes in pages, oldest first, with the number open", async () => {
    const all = await corrections.open({ page: 1, size: 50 });
    const total = all.page.total;
    expect(total).toBeGreaterThanOrEqual(all.corrections.length);
    const one = await corrections.open({ page: 1, size: 1 });
    const two = await corrections.open({ page: 2, size: 1 });
    expect(one.page).toEqual({ page: 1, size: 1, total });
    expect(one.corrections).toHaveLength(1);
    expect(two.corrections).toHaveLength(1);
    expect(two.corrections[0]!.id).not.toBe(one.corrections[0]!.id);
    expect(one.corrections[0]!.requested_at <= two.corrections[0]!.requested_at).toBe(true);
  });
});
