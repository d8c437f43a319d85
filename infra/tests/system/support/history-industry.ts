import {
  applicableIssues,
  companySlug,
  ISSUE_KEYS,
  type IssueKey,
  type Period,
} from '@upright/contracts';
import type { Client } from 'pg';
import { intBetween, rngFor } from '@upright/sample-data';
import type { RankableCompany } from '@upright/rankings/ranking-engine';

export const HISTORY_PERIODS: readonly Period[] = [
  { period_year: 2025, period_qrt: 3 },
  { period_year: 2025, period_qrt: 4 },
  { period_year: 2026, period_qrt: 1 },
];

interface HistorySeed {
  cid: string;
  name: string;
  structure: string;
  /** Indices into HISTORY_PERIODS with scores. */
  periods: number[];
}

type Scores = Record<IssueKey, number | null>;

const INDUSTRY_VALUES = ['climate'];

/**
 * An industry of the test's own (`zz-<tag>-history`) over three quarters with what history must
 * survive: ties (scores from a few values), missing scores (climate too), a private company
 * (docs/product/rules.md#s5 rule 4), a company that leaves and one that arrives.
 */
export function historyIndustry(tag: string) {
  const industry = `zz-${tag}-history`;
  const seeds: HistorySeed[] = [
    ['anvil', 'Public', [0, 1, 2]],
    ['bolt', 'Public', [0, 1, 2]],
    ['chisel', 'Private', [0, 1, 2]],
    ['drill', 'Public', [0, 1, 2]],
    ['emery', 'Public', [0, 1]],
    ['file', 'Public', [1, 2]],
    ['gouge', 'Public', [2]],
  ].map(([word, structure, periods]) => ({
    cid: `zz-${tag}-${word as string}`,
    name: `${(word as string).toUpperCase()} Tools ${tag}`,
    structure: structure as string,
    periods: periods as number[],
  }));

  /** Deterministic scores: 1–4 gives ties; about one in six is missing. */
  function scoresOf(seed: HistorySeed, periodIndex: number): Scores {
    const random = rngFor(7, seed.cid.split('-').pop()!, periodIndex);
    return Object.fromEntries(
      ISSUE_KEYS.map((key) => [key, random() < 1 / 6 ? null : intBetween(random, 1, 4)]),
    ) as Scores;
  }

  const periodIndex = (period: Period) =>
    HISTORY_PERIODS.findIndex(
      (p) => p.period_year === period.period_year && p.period_qrt === period.period_qrt,
    );

  return {
    industry,
    /** The issues the industry lists (`industry_values`), the only ones its sums add. */
    applicable: applicableIssues(INDUSTRY_VALUES),
    seeds,
    slugOf: (seed: HistorySeed) => companySlug(seed.name),
    periodIndex,
    scoresOf,
    /** The engine's input for the ranked set of one period. */
    rankable(period: Period): RankableCompany[] {
      const index = periodIndex(period);
      return seeds
        .filter((seed) => seed.periods.includes(index))
        .map((seed) => ({
          upright_cid: seed.cid,
          company_name: seed.name,
          structure: seed.structure,
          alt_reporting: false,
          self_reporting: false,
          scores: scoresOf(seed, index),
        }));
    },
    async seed(db: Client): Promise<void> {
      await db.query(
        `INSERT INTO rankings.industries
           (industry, industry_text, industry_alts, definition, industry_values, "limit", active)
         VALUES ($1, 'History tools', '{}', 'Makers of tools', $2, 5, true)`,
        [industry, INDUSTRY_VALUES],
      );
      for (const seed of seeds) {
        await db.query(
          `INSERT INTO rankings.companies
             (upright_cid, company_name, slug, brands, industry, sectors, structure, alt_reporting,
              updated)
           VALUES ($1, $2, $3, '{}', $4, '{Industrials}', $5, false, '2026-02-01')`,
          [seed.cid, seed.name, companySlug(seed.name), industry, seed.structure],
        );
        await db.query(
          'INSERT INTO rankings.company_industries (industry, upright_cid) VALUES ($1, $2)',
          [industry, seed.cid],
        );
        for (const index of seed.periods) {
          const { period_year, period_qrt } = HISTORY_PERIODS[index];
          const scores = scoresOf(seed, index);
          await db.query(
            `INSERT INTO rankings.company_scores
               (upright_cid, period_year, period_qrt, climate_score, exec_comp_score,
                us_lobbying_score, us_tax_score, price_inflation_score, repurchased_score,
                diverse_rep_score, diverse_pay_gap_score, net_neutrality_score)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
            [seed.cid, period_year, period_qrt, ...ISSUE_KEYS.map((key) => scores[key])],
          );
        }
      }
    },
    async remove(db: Client): Promise<void> {
      await db.query('DELETE FROM rankings.companies WHERE upright_cid LIKE $1', [`zz-${tag}-%`]);
      await db.query('DELETE FROM rankings.industries WHERE industry = $1', [industry]);
    },
  };
}
