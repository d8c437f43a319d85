import type { Averages, CrowdAverages } from '@upright/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CrowdWeights } from './CrowdWeights';

const averages = Object.fromEntries(
  [
    'average_climate',
    'average_income_inequality',
    'average_lobbying',
    'average_tax',
    'average_consumer_terms_conditions',
    'average_wealth_concentration',
    'average_diverse_representation',
    'average_diverse_pay_equity',
    'average_net_neutrality',
  ].map((field) => [field, 6]),
) as unknown as Averages;

const hidden: CrowdAverages = {
  shown: false,
  min_members: 10,
  min_changes: 10,
  averages: null,
  members: null,
  since: null,
  history: [],
  members_needed: 7,
  rule: 'monthly',
  in_force: null,
};

const text = (crowd: CrowdAverages) =>
  renderToStaticMarkup(createElement(CrowdWeights, { crowd }))
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'");

describe("the crowd's weights (decision 0055)", () => {
  it('shows the progress towards the minimum below it, with equal weights named', () => {
    const shown = text(hidden);
    expect(shown).toContain('7 more members needed');
    expect(shown).toContain('equal weights');
    expect(shown).toContain('30 days old');
    expect(text({ ...hidden, members_needed: 0 })).not.toContain('0 more');
  });

  it('names the weights in force and the date they took effect, the latest as a preview', () => {
    const shown = text({
      ...hidden,
      shown: true,
      members_needed: 0,
      averages,
      members: { from: 10, to: 19 },
      since: '2026-11-20T10:00:00.000Z',
      history: [
        { published_at: '2026-11-20T10:00:00.000Z', members: { from: 10, to: 19 }, averages },
      ],
      in_force: { since: '2026-11-01T00:00:00.000Z', averages },
    });
    expect(shown).toContain(
      "Visitors' rankings use the members' average priorities of November 1, 2026",
    );
    expect(shown).toContain('preview');
  });
});
