import { ISSUES } from '@upright/contracts';
import { scoresWithoutFiguresReport, scoresWithoutFiguresSql } from './scores-without-figures';

describe('scores without a published figure (rules §16)', () => {
  it('asks about every issue, against the detail tables behind it', () => {
    const sql = scoresWithoutFiguresSql();
    for (const issue of ISSUES) expect(sql).toContain(`s.${issue.scoreField} IS NOT NULL`);
    expect(sql).toContain(
      `NOT coalesce(f.tables, '{}') && ARRAY['companies_taxes', 'companies_us_taxes']`,
    );
    // Net neutrality has no detail table: every score of it lacks a figure.
    expect(sql).toContain(
      'count(*) FILTER (WHERE s.net_neutrality_score IS NOT NULL) AS net_neutrality',
    );
    // One row per issue, in the issue table's order.
    expect(sql).toMatch(/ORDER BY n$/);
  });

  it('lists the issues that have such scores, and says when there are none', () => {
    expect(
      scoresWithoutFiguresReport([
        { issue: 'climate', scores: 3, companies: 2 },
        { issue: 'tax', scores: 0, companies: 0 },
        { issue: 'net_neutrality', scores: 5, companies: 5 },
      ]),
    ).toEqual([
      'Scores without a published figure (pages say so beside the rank):',
      `  ${'Climate'.padEnd(34)} 3 scores of 2 companies`,
      `  ${'Net neutrality'.padEnd(34)} 5 scores of 5 companies (no figures are kept for this issue)`,
    ]);
    expect(scoresWithoutFiguresReport([{ issue: 'tax', scores: 0, companies: 0 }])).toEqual([
      'Every score has a published figure behind it.',
    ]);
  });
});
