import { DETAIL_TABLES_OF_ISSUE, ISSUES, type IssueKey } from '@upright/contracts';

/** How many scores of one issue have no published figure behind them (rules §16). */
export interface ScoresWithoutFigures {
  issue: IssueKey;
  scores: number;
  companies: number;
}

/**
 * One query over the stored data: per issue, the scores (company and period) with a value but no
 * row, at the same period, of a detail table behind that issue. Column and table names come from
 * the issue table, never from input, so they are spelled into the statement.
 */
export function scoresWithoutFiguresSql(): string {
  return ISSUES.map((issue) => {
    const tables = DETAIL_TABLES_OF_ISSUE[issue.key].map((table) => `'${table}'`);
    const noFigure =
      tables.length === 0
        ? ''
        : `AND NOT EXISTS (SELECT 1 FROM rankings.company_details d
                 WHERE d.upright_cid = s.upright_cid AND d.period_year = s.period_year
                   AND d.period_qrt = s.period_qrt AND d.detail_table IN (${tables.join(', ')}))`;
    return `SELECT '${issue.key}' AS issue, count(*)::int AS scores,
            count(DISTINCT s.upright_cid)::int AS companies
       FROM rankings.company_scores s
      WHERE s.${issue.scoreField} IS NOT NULL ${noFigure}`;
  }).join('\nUNION ALL\n');
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
