import { describe, expect, it } from 'vitest';
import { ISSUES, type CompanyHistoryPoint, type IndustryHistoryResponse } from '@upright/contracts';
import {
  describeDatum,
  describeHistory,
  historySeries,
  industryLines,
  labelledQuarters,
  layoutChart,
  medianPlace,
  pathThrough,
} from './history-chart';

function point(qrt: number, n: number, ranks: Record<string, unknown>, taxScore: number | null) {
  const issueRanks = Object.fromEntries(
    ISSUES.flatMap((issue) => [
      [`${issue.key}_rank`, 1],
      [`${issue.key}_tied`, false],
    ]),
  );
  return {
    period: { period_year: 2026, period_qrt: qrt },
    n,
    ranks: { ...issueRanks, normalized_rank: 1, tied: false, arank: 1, atied: false, ...ranks },
    companies_scores: {
      period_year: 2026,
      period_qrt: qrt,
      ...Object.fromEntries(ISSUES.map((issue) => [issue.scoreField, 1])),
      us_tax_score: taxScore,
    },
  } as unknown as CompanyHistoryPoint;
}

const publicCompany = { structure: 'Public', alt_reporting: false, self_reporting: false };
const points = [
  point(1, 10, { arank: 4, atied: true, tax_rank: 2 }, 3),
  point(2, 12, { arank: 1, tax_rank: 12 }, null),
];

describe('historySeries', () => {
  it('takes the chosen measure with its tie flag and n per quarter', () => {
    expect(historySeries(points, 'arank', publicCompany)).toEqual([
      { period: 'Q1 2026', rank: 4, tied: true, n: 10, note: '' },
      { period: 'Q2 2026', rank: 1, tied: false, n: 12, note: '' },
    ]);
  });

  it('notes an issue rank that comes from a missing score', () => {
    const tax = historySeries(points, 'tax', publicCompany);
    expect(tax.map((datum) => [datum.rank, datum.note])).toEqual([
      [2, ''],
      [12, 'no data'],
    ]);
    expect(describeDatum(tax[1])).toBe('Q2 2026: rank 12 of 12, no data');
    expect(describeDatum(historySeries(points, 'arank', publicCompany)[0])).toBe(
      'Q1 2026: tied for rank 4 of 10',
    );
  });
});

describe('layoutChart', () => {
  it('puts rank 1 at the top, the largest n at the bottom and quarters left to right', () => {
    const layout = layoutChart(historySeries(points, 'tax', publicCompany), 640, 260);
    expect(layout.lowest).toBe(12);
    const [first, second] = layout.points;
    expect(first.x).toBe(layout.left);
    expect(second.x).toBe(layout.right);
    expect(second.y).toBe(layout.bottom);
    expect(first.y).toBeLessThan(second.y);
    expect(layout.path).toBe(`M${first.x},${first.y} L${second.x},${second.y}`);
    expect(layout.yTicks.map((tick) => tick.rank)).toEqual([1, 6, 12]);
    expect(layout.yTicks[0].y).toBe(layout.top);
  });

  it("draws the industry median through each quarter's middle place", () => {
    const layout = layoutChart(historySeries(points, 'arank', publicCompany), 640, 260);
    const [first, second] = layout.points;
    // 10 ranked: the median is 5.5; 12 ranked: 6.5.
    expect(layout.medianPath).toBe(`M${first.x},${layout.y(5.5)} L${second.x},${layout.y(6.5)}`);
    expect(layout.y(5.5)).toBeGreaterThan(layout.top);
    expect(layout.y(6.5)).toBeLessThan(layout.bottom);
  });

  it('centres a single quarter', () => {
    const layout = layoutChart(historySeries(points.slice(0, 1), 'arank', publicCompany));
    expect(layout.points[0].x).toBe((layout.left + layout.right) / 2);
  });
});

describe('the industry median', () => {
  it('is the middle place of the companies ranked', () => {
    expect(medianPlace(1)).toBe(1);
    expect(medianPlace(19)).toBe(10);
    expect(medianPlace(12)).toBe(6.5);
  });

  it("is in the chart's text alternative after the company's quarters", () => {
    expect(describeHistory(historySeries(points, 'arank', publicCompany))).toBe(
      'Rank 1 is best and at the top. Q1 2026: tied for rank 4 of 10; Q2 2026: rank 1 of 12. ' +
        'Industry median rank: Q1 2026 5.5; Q2 2026 6.5.',
    );
  });
});

describe('pathThrough', () => {
  it('breaks the line where a quarter is missing', () => {
    expect(pathThrough([{ x: 1, y: 2 }, null, { x: 5, y: 6 }, { x: 7, y: 8 }])).toBe(
      'M1,2 M5,6 L7,8',
    );
  });
});

describe('industryLines', () => {
  const history = {
    industry: 'tools',
    companies: [
      { upright_cid: 'a', company_name: 'A', slug: 'a' },
      { upright_cid: 'b', company_name: 'B', slug: 'b' },
    ],
    periods: [
      {
        period: { period_year: 2026, period_qrt: 1 },
        n: 1,
        ranked: [{ upright_cid: 'a', arank: 1, atied: false, tax_rank: 1, tax_tied: false }],
      },
      {
        period: { period_year: 2026, period_qrt: 2 },
        n: 2,
        ranked: [
          { upright_cid: 'b', arank: 1, atied: false, tax_rank: 1, tax_tied: true },
          { upright_cid: 'a', arank: 2, atied: false, tax_rank: 1, tax_tied: true },
        ],
      },
    ],
  } as unknown as IndustryHistoryResponse;

  it('aligns every company on the periods, null where it was not ranked', () => {
    const view = industryLines(history, 'arank');
    expect(view.periods).toEqual(['Q1 2026', 'Q2 2026']);
    expect(view.largestN).toBe(2);
    expect(view.lines.map((line) => line.ranks)).toEqual([
      [
        { rank: 1, tied: false },
        { rank: 2, tied: false },
      ],
      [null, { rank: 1, tied: false }],
    ]);
    expect(industryLines(history, 'tax').lines[1].ranks[1]).toEqual({ rank: 1, tied: true });
  });

  it('labels every quarter where there is room, else every k-th back from the latest', () => {
    const wide = { left: 44, right: 624 };
    expect(labelledQuarters(8, wide)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const narrow = { left: 44, right: 264 };
    // 220 px for 11 gaps: 20 px apart, so every third, the latest always.
    expect(labelledQuarters(12, narrow)).toEqual([2, 5, 8, 11]);
    expect(labelledQuarters(1, narrow)).toEqual([0]);
    expect(labelledQuarters(0, narrow)).toEqual([]);
  });
});
