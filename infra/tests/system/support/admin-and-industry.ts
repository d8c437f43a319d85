import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
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
