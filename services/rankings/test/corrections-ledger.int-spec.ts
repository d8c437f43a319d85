import { randomUUID } from 'node:crypto';
import type { CorrectionRequest } from '@upright/contracts';
import { RedisConnection } from '@upright/platform';
import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { Client } from 'pg';
import { CorrectionsService } from '../src/corrections/corrections.service';
import { dataVersionKey, ledgerVersionKey } from '../src/rankings-cache/data-version';
import { rankingsService } from '../src/service';

/**
 * Against real Postgres and Redis, with two replicas: a company's corrections ledger is
 * kept by each replica (a row written behind the service's back stays unseen), and a request or
 * a decision through either replica moves the ledger version, after which both show it.
 */
describe('the corrections ledger, kept per ledger version', () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('corrections-ledger');
  const queuePrefix = `${prefix}-queues`;
  const tag = randomUUID().slice(0, 6);
  const industry = `zz-${tag}-ledger`;
  const uprightCid = `ZZ${tag}L`;
  const company = `ledger-${tag}`;
  let db: Client;
  let replicas: StartedApp[] = [];

  const correction = (email: string): CorrectionRequest => ({
    industry,
    company,
    field: 'us_tax_score',
    period_year: 2031,
    period_qrt: 2,
    name: 'Grace Hopper',
    email,
    what_is_wrong: 'The filing shows another rate.',
    evidence_url: 'https://example.org/filing',
  });
  const service = (replica: number) => replicas[replica].app.get(CorrectionsService);
  const ledgerOn = async (replica: number) =>
    (await service(replica).ledger({ industry, company, page: 1, size: 10 }))!;

  beforeAll(async () => {
    db = new Client({ connectionString: infra.adminUrl() });
    await db.connect();
    await db.query(
      `INSERT INTO rankings.industries (industry, industry_text) VALUES ($1, 'Ledger test')`,
      [industry],
    );
    await db.query(
      `INSERT INTO rankings.companies (upright_cid, company_name, slug, industry, structure)
       VALUES ($1, 'Ledger Co', $2, $3, 'Public')`,
      [uprightCid, company, industry],
    );
    await db.query(
      'INSERT INTO rankings.company_industries (industry, upright_cid) VALUES ($1, $2)',
      [industry, uprightCid],
    );
    await db.query(
      `INSERT INTO rankings.company_scores (upright_cid, period_year, period_qrt, us_tax_score)
       VALUES ($1, 2031, 2, 1)`,
      [uprightCid],
    );
    const env = {
      REDIS_URL: infra.redisUrl,
      TRANSPORT_PREFIX: prefix,
      QUEUE_PREFIX: queuePrefix,
      DATABASE_URL: infra.databaseUrl('rankings'),
    };
    replicas = [await startTestApp(rankingsService, env), await startTestApp(rankingsService, env)];
  });

  afterAll(async () => {
    const redis = replicas[0]?.app.get(RedisConnection).redis;
    if (redis) {
      const keys = await redis.keys(`${queuePrefix}:*`);
      await redis.del(ledgerVersionKey(prefix), dataVersionKey(prefix, industry), ...keys);
    }
    for (const replica of replicas) await replica.app.close();
    await db.query('DELETE FROM rankings.companies WHERE upright_cid = $1', [uprightCid]);
    await db.query('DELETE FROM rankings.industries WHERE industry = $1', [industry]);
    await db.end();
  });

  it('is kept by every replica, and moved for all of them by a request and by a decision', async () => {
    const { reference } = await service(0).request(correction(`grace-${tag}@example.org`));
    // The first read of an industry gives it its version; from the second on, ledgers are kept.
    await ledgerOn(0);
    for (const replica of [0, 1]) {
      expect(await ledgerOn(replica)).toMatchObject({ open_requests: 1, entries: [] });
    }

    // Written behind the service's back: no version moves, so the kept ledgers do not show it.
    await db.query(
      `INSERT INTO rankings.correction_requests
         (upright_cid, industry, field, period_year, period_qrt, requester_name,
          requester_email, what_is_wrong, evidence_url)
       VALUES ($1, $2, 'us_tax_score', 2031, 2, 'Ada', $3, 'Wrong.', 'https://example.org/x')`,
      [uprightCid, industry, `ada-${tag}@example.org`],
    );
    for (const replica of [0, 1]) {
      expect((await ledgerOn(replica)).open_requests).toBe(1);
    }

    // A decision through one replica: both show it (and the row written meanwhile).
    await service(1).reject({
      id: Number(reference.slice(2)),
      reason: 'The filing says otherwise.',
      resolved_by: 'admin',
    });
    for (const replica of [0, 1]) {
      const ledger = await ledgerOn(replica);
      expect(ledger.open_requests).toBe(1);
      expect(ledger.entries).toEqual([expect.objectContaining({ reference, status: 'rejected' })]);
    }

    // A request through the other replica moves it again.
    await service(0).request(correction(`linus-${tag}@example.org`));
    for (const replica of [1, 0]) {
      expect((await ledgerOn(replica)).open_requests).toBe(2);
    }
  });
});
