import { DETAIL_TABLES_OF_ISSUE, ISSUES, type IssueKey } from '@upright/contracts';

/** How many scores of one issue have no published figure behind them (rules §16). */
export interface ScoresWithoutFigures {
  issue: IssueKey;
  scores: number;
  companies: number;
}

/**
 * One query over the stored data: per issue, the scores (company and period) with a value but no
 * row, at the same period, of a detail table behind that issue. Each score meets the detail tables
 * its company has at its period in one join on the whole key, then one pass counts per company:
 * a plan that stays linear whatever the statistics say (right after a large import they are
 * stale, and an anti join per issue could take minutes at 50,000 companies). Column and table
 * names come from the issue table, never from input, so they are spelled into the statement.
 */
export function scoresWithoutFiguresSql(): string {
  const missing = ISSUES.map((issue) => {
    const tables = DETAIL_TABLES_OF_ISSUE[issue.key].map((table) => `'${table}'`);
    const noFigure =
      tables.length === 0 ? '' : ` AND NOT coalesce(f.tables, '{}') && ARRAY[${tables.join(', ')}]`;
    return `count(*) FILTER (WHERE s.${issue.scoreField} IS NOT NULL${noFigure}) AS ${issue.key}`;
  });
  const totals = ISSUES.map(
    (issue) =>
      `coalesce(sum(${issue.key}), 0) AS ${issue.key}_scores, count(*) FILTER (WHERE ${issue.key} > 0) AS ${issue.key}_companies`,
  );
  const rows = ISSUES.map(
    (issue, index) => `(${index}, '${issue.key}', ${issue.key}_scores, ${issue.key}_companies)`,
  );
  return `WITH figures AS (
  SELECT upright_cid, period_year, period_qrt, array_agg(detail_table) AS tables
    FROM rankings.company_details GROUP BY upright_cid, period_year, period_qrt
), missing AS (
  SELECT s.upright_cid,
         ${missing.join(',\n         ')}
    FROM rankings.company_scores s
    LEFT JOIN figures f USING (upright_cid, period_year, period_qrt)
   GROUP BY s.upright_cid
), totals AS (
  SELECT ${totals.join(',\n         ')}
    FROM missing
)
SELECT issue, scores::int AS scores, companies::int AS companies
  FROM totals, LATERAL (VALUES ${rows.join(',\n    ')}) AS issues(n, issue, scores, companies)
 ORDER BY n`;
}

/** The lines `make import` prints: one per issue that has such scores. */
export function scoresWithoutFiguresReport(rows: readonly ScoresWithoutFigures[]): string[] {
  const found = rows.filter((row) => row.scores > 0);
  if (found.length === 0) return ['Every score has a published figure behind it.'];
  const label = new Map(ISSUES.map((issue) => [issue.key, issue.label]));
  return [
    'Scores without a published figure (pages say so beside the rank):',
    ...found.map((row) => {
      const none =
        DETAIL_TABLES_OF_ISSUE[row.issue].length === 0
          ? ' (no figures are kept for this issue)'
          : '';
      return `  ${label.get(row.issue)!.padEnd(34)} ${row.scores} scores of ${row.companies} companies${none}`;
    }),
  ];
}
