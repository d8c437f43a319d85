import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { accountsService } from '@upright/accounts';
import { Queues } from '@upright/contracts';
import { bullmqOptions } from '@upright/platform';
import { startTestApp, type StartedApp } from '@upright/platform/testing';
import { rankingsService } from '@upright/rankings';
import { reportsService } from '@upright/reports';
import { Queue } from 'bullmq';
import type { Client } from 'pg';

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');
const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
const adminCli = path.join(repoRoot, 'services', 'accounts', 'src', 'admin', 'cli.ts');

/**
 * Makes a signed-up member an admin through `make admin`'s command, which grants by email only
 * once the address is verified. Sessions opened before keep the member role: sign in afresh.
 */
export async function promoteToAdmin(
  db: Client,
  email: string,
  accountsDatabaseUrl: string,
): Promise<void> {
  await db.query('UPDATE accounts.users SET email_verified_at = now() WHERE email = $1', [email]);
  await run(tsx, [adminCli, email], {
    env: { ...process.env, DATABASE_URL: accountsDatabaseUrl },
  });
}

/**
 * A test industry whose companies `ZZ<tag><name>` (slug `company-<name>-<tag>`, public) have only
 * a US tax score at 2031 Q2, so their ranks follow those scores (lower is better).
 */
export async function insertTaxIndustry(
  db: Client,
  tag: string,
  industry: string,
  taxes: ReadonlyArray<readonly [name: string, tax: number]>,
): Promise<void> {
  await db.query(
    `INSERT INTO rankings.industries (industry, industry_text, definition, "limit")
     VALUES ($1, $2, 'Test industry', 5)`,
    [industry, `Test ${tag}`],
  );
  for (const [name, tax] of taxes) {
    const cid = `ZZ${tag}${name}`;
    await db.query(
      `INSERT INTO rankings.companies (upright_cid, company_name, slug, industry, structure)
       VALUES ($1, $2, $3, $4, 'Public')`,
      [cid, `Company ${name} ${tag}`, `company-${name.toLowerCase()}-${tag}`, industry],
    );
    await db.query(
      'INSERT INTO rankings.company_industries (industry, upright_cid) VALUES ($1, $2)',
      [industry, cid],
    );
    await db.query(
      `INSERT INTO rankings.company_scores (upright_cid, period_year, period_qrt, us_tax_score)
       VALUES ($1, 2031, 2, $2)`,
      [cid, tax],
    );
  }
}

/** What a suite built on the tax test industry made, to start its processes and remove it. */
export interface TaxFixture {
  tag: string;
  industry: string;
  /** A report of the industry (2031 Q2, ranked on taxes), not published. */
  reportId: number;
  queuePrefix: string;
}

/** The tax test industry and an unpublished report on it. */
export async function insertTaxFixture(
  db: Client,
  fixture: TaxFixture,
  taxes: ReadonlyArray<readonly [name: string, tax: number]>,
): Promise<void> {
  const { tag, industry, reportId } = fixture;
  await insertTaxIndustry(db, tag, industry, taxes);
  await db.query(
    `INSERT INTO reports.reports
       (report_id, title, slug, published_date, industry, value, geography, count, period_year,
        period_qrt, report)
     VALUES ($1, $2, $3, '2031-08-01', $4, 'tax', 'us', 5, 2031, 2, '## Test')`,
    [reportId, `Tax test ${tag}`, `tax-test-${tag}`, industry],
  );
}

/** Accounts, rankings and reports on the fixture's queues (what an admin's actions reach). */
export async function startAccountsAndData(
  common: Record<string, string>,
  fixture: TaxFixture,
  databaseUrl: (owner: 'accounts' | 'rankings' | 'reports') => string,
): Promise<StartedApp[]> {
  const started: StartedApp[] = [];
  for (const [service, owner] of [
    [accountsService, 'accounts'],
    [rankingsService, 'rankings'],
    [reportsService, 'reports'],
  ] as const) {
    started.push(
      await startTestApp(service, {
        ...common,
        DATABASE_URL: databaseUrl(owner),
        QUEUE_PREFIX: fixture.queuePrefix,
      }),
    );
  }
  return started;
}

/** Empties the fixture's queues and removes its rows and the members whose emails match. */
export async function removeTaxFixture(
  db: Client,
  fixture: TaxFixture,
  redisUrl: string,
  memberEmails: string,
): Promise<void> {
  for (const name of [Queues.searchIndex, Queues.mailAccounts, Queues.mailRankings]) {
    const queue = new Queue(
      name,
      bullmqOptions({ REDIS_URL: redisUrl, QUEUE_PREFIX: fixture.queuePrefix }),
    );
    await queue.obliterate({ force: true });
    await queue.close();
  }
  await db.query('DELETE FROM reports.reports WHERE report_id = $1', [fixture.reportId]);
  await db.query('DELETE FROM rankings.companies WHERE upright_cid LIKE $1', [`ZZ${fixture.tag}%`]);
  await db.query('DELETE FROM rankings.industries WHERE industry = $1', [fixture.industry]);
  await db.query('DELETE FROM accounts.users WHERE email LIKE $1', [memberEmails]);
}
