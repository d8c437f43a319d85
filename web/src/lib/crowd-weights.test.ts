import type { Averages, CrowdSnapshot } from '@upright/contracts';
import { describe, expect, it } from 'vitest';
import {
  axisLabels,
  crowdSeries,
  describeCrowdDatum,
  layoutCrowdChart,
  membersNeededText,
  membersText,
  weightAxes,
  type CrowdDatum,
} from './crowd-weights';

const averages = (climate: number): Averages => ({
  average_climate: climate,
  average_income_inequality: 5,
  average_lobbying: 5,
  average_tax: 5,
  average_consumer_terms_conditions: 5,
  average_wealth_concentration: 5,
  average_diverse_representation: 5,
  average_diverse_pay_equity: 5,
  average_net_neutrality: 5,
});

const history: CrowdSnapshot[] = [
  {
    published_at: '2026-11-20T10:00:00.000Z',
    members: { from: 10, to: 19 },
    averages: averages(7.5),
  },
  {
    published_at: '2026-11-25T18:30:00.000Z',
    members: { from: 20, to: 29 },
    averages: averages(3.25),
  },
];

describe('crowd weights chart', () => {
  it('reads one issue of every publication, oldest first', () => {
    expect(crowdSeries(history, 'climate')).toEqual([
      { day: 'November 20, 2026', date: '2026-11-20', value: 7.5, members: '10–19' },
      { day: 'November 25, 2026', date: '2026-11-25', value: 3.25, members: '20–29' },
    ]);
    expect(crowdSeries(history, 'tax').map((datum) => datum.value)).toEqual([5, 5]);
  });

  it('shows members as a band of ten, never the count (decision 0043)', () => {
    expect(membersText({ from: 40, to: 49 })).toBe('40–49');
  });

  it('puts weight 10 at the top and 0 at the bottom, ticks labelled in weights', () => {
    const axes = weightAxes(2);
    expect(axes.y(10)).toBe(axes.top);
    expect(axes.y(0)).toBe(axes.bottom);
    expect(axes.y(5)).toBeCloseTo((axes.top + axes.bottom) / 2, 0);
    expect(axes.yTicks.map((tick) => tick.rank)).toEqual([10, 5, 0]);
  });

  it('lays a higher average out higher on screen, left to right in time', () => {
    const { points, path } = layoutCrowdChart(crowdSeries(history, 'climate'));
    expect(points[0]!.x).toBeLessThan(points[1]!.x);
    expect(points[0]!.y).toBeLessThan(points[1]!.y);
    expect(path.startsWith('M')).toBe(true);
    expect(describeCrowdDatum(points[1]!.datum)).toBe(
      'November 25, 2026: 3.25, averaged over 20–29 members',
    );
  });

  it('labels at most a few days under the axis, always the latest', () => {
    const many: CrowdDatum[] = Array.from({ length: 50 }, (_, i) => ({
      day: `day ${i}`,
      date: `date ${i}`,
      value: 5,
      members: '10–19',
    }));
    const labels = axisLabels(many);
    expect(labels).toHaveLength(50);
    expect(labels.filter(Boolean).length).toBeLessThanOrEqual(5);
    expect(labels[0]).toBe('date 0');
    expect(labels[49]).toBe('date 49');
    expect(axisLabels(many.slice(0, 1))).toEqual(['date 0']);
    expect(axisLabels(many.slice(0, 3))).toEqual(['date 0', 'date 1', 'date 2']);
  });
});

describe('members needed', () => {
  it('counts down to the minimum, singular for the last one', () => {
    expect(membersNeededText(7)).toBe('7 more members needed');
    expect(membersNeededText(1)).toBe('1 more member needed');
  });
});
