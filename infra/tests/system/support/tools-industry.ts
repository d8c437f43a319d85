import { companySlug, ISSUE_KEYS, type IssueKey } from '@upright/contracts';
import type { Client } from 'pg';

export type Scores = Partial<Record<IssueKey, number>>;

/**
 * A small industry of the test's own (slug `zz-<tag>-tools`, companies `zz-<tag>-<index>`) with
 * scores at 2026 Q1; issues a seed leaves out score 1 for everyone (they tie on rank 1). It lists
 * no `industry_values`, so every issue applies and enters the sums (rules §5 rule 5).
 */
export function toolsIndustry(tag: string, seeds: ReadonlyArray<{ name: string; scores: Scores }>) {
  const industry = `zz-${tag}-tools`;
  const cid = (index: number) => `zz-${tag}-${index}`;
  return {
    industry,
    cid,
    async seed(db: Client): Promise<void> {
      await db.query(
        `INSERT INTO rankings.industries
           (industry, industry_text, industry_alts, definition, industry_values, "limit", active)
         VALUES ($1, 'Tools', '{}', 'Makers of tools', '{}', 5, true)`,
        [industry],
      );
      for (const [index, company] of seeds.entries()) {
        await db.query(
          `INSERT INTO rankings.companies
             (upright_cid, company_name, slug, brands, industry, sectors, structure, alt_reporting,
              updated)
           VALUES ($1, $2, $3, '{}', $4, '{Industrials}', 'Public', false, '2026-02-01')`,
          [cid(index), company.name, companySlug(company.name), industry],
        );
        await db.query(
          'INSERT INTO rankings.company_industries (industry, upright_cid) VALUES ($1, $2)',
          [industry, cid(index)],
        );
        await db.query(
          `INSERT INTO rankings.company_scores
             (upright_cid, period_year, period_qrt, climate_score, exec_comp_score,
              us_lobbying_score, us_tax_score, price_inflation_score, repurchased_score,
              diverse_rep_score, diverse_pay_gap_score, net_neutrality_score)
           VALUES ($1, 2026, 1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [cid(index), ...ISSUE_KEYS.map((key) => company.scores[key] ?? 1)],
        );
      }
    },
    async remove(db: Client): Promise<void> {
      await db.query('DELETE FROM rankings.companies WHERE upright_cid LIKE $1', [`zz-${tag}-%`]);
      await db.query('DELETE FROM rankings.industries WHERE industry = $1', [industry]);
    },
  };
}
