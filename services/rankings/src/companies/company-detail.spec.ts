import { DETAIL_TABLE_NAMES } from '@upright/contracts';
import {
  entriesOf,
  figuresByCompany,
  mergeDetails,
  peersOf,
  type DetailRow,
} from './company-detail';

function detailRow(
  detailTable: string,
  period: [number, number],
  metrics: Record<string, unknown>,
): DetailRow {
  return {
    detailTable,
    periodYear: period[0],
    periodQrt: period[1],
    metrics,
    sourcePublisher: `Publisher ${period[0]}-${period[1]}`,
    sourceUrl: `https://example.org/${detailTable}/${period[0]}-${period[1]}`,
    sourceDate: new Date(`${period[0]}-0${period[1] * 2}-15T00:00:00Z`),
  };
}

describe('mergeDetails (docs/product/spec.md#s3 company detail)', () => {
  it('takes the latest-period entry of each table, with its source and period', () => {
    const merged = mergeDetails([
      detailRow('companies_lobbyings', [2025, 3], { lobbying_spend: 100, lobbyists: 2 }),
      detailRow('companies_lobbyings', [2026, 1], { lobbying_spend: 250, lobbyists: 4 }),
      detailRow('companies_lobbyings', [2025, 4], { lobbying_spend: 180, lobbyists: 3 }),
    ]);
    expect(merged.companies_lobbyings).toEqual({
      period_year: 2026,
      period_qrt: 1,
      metrics: [
        {
          name: 'lobbying_spend',
          label: 'Federal lobbying spend',
          unit: 'usd',
          better: 'lower',
          value: 250,
        },
        {
          name: 'lobbyists',
          label: 'Registered lobbyists',
          unit: 'count',
          better: 'lower',
          value: 4,
        },
      ],
      source: {
        source_publisher: 'Publisher 2026-1',
        source_url: 'https://example.org/companies_lobbyings/2026-1',
        source_date: '2026-02-15',
      },
    });
  });

  it('has every table, null where the company has no entry', () => {
    const merged = mergeDetails([detailRow('companies_taxes', [2026, 1], { pretax_income: 5 })]);
    expect(Object.keys(merged).sort()).toEqual([...DETAIL_TABLE_NAMES].sort());
    expect(merged.companies_taxes).not.toBeNull();
    for (const table of DETAIL_TABLE_NAMES.filter((name) => name !== 'companies_taxes')) {
      expect(merged[table]).toBeNull();
    }
  });

  it('lists metrics in the table order, text values included, absent or odd ones left out', () => {
    const merged = mergeDetails([
      detailRow('companies_climates', [2026, 1], {
        net_zero_target: '2040',
        scope1_emissions: 1200.5,
        emissions_intensity: null,
        unknown_metric: 3,
      }),
    ]);
    expect(merged.companies_climates!.metrics).toEqual([
      {
        name: 'scope1_emissions',
        label: 'Scope 1 emissions',
        unit: 'tonnes_co2e',
        better: 'lower',
        value: 1200.5,
      },
      {
        name: 'net_zero_target',
        label: 'Net-zero target year',
        unit: 'text',
        better: null,
        value: '2040',
      },
    ]);
  });

  it('ignores rows of tables it does not know', () => {
    const merged = mergeDetails([detailRow('companies_secrets', [2026, 1], { x: 1 })]);
    expect(Object.values(merged).every((entry) => entry === null)).toBe(true);
  });
});

describe('peers of the figures shown (rules §16)', () => {
  const rows = [
    detailRow('companies_climates', [2026, 1], {
      emissions_intensity: 897,
      net_zero_target: '2040',
    }),
    detailRow('companies_climates', [2026, 1], { emissions_intensity: 120 }),
    detailRow('companies_climates', [2026, 1], { emissions_intensity: 400 }),
    // Another period and another table do not count.
    detailRow('companies_climates', [2025, 4], { emissions_intensity: 1 }),
    detailRow('companies_lobbyings', [2026, 1], { lobbying_spend: 5 }),
  ];

  it('gives the median and best of each metric over the same table and period', () => {
    const details = mergeDetails([rows[0]]);
    const shown = entriesOf(details, ['companies_climates', 'companies_lobbyings']);
    expect(shown).toEqual([{ table: 'companies_climates', period_year: 2026, period_qrt: 1 }]);
    const peers = peersOf(shown, rows);
    expect(peers.companies_climates).toEqual({
      period_year: 2026,
      period_qrt: 1,
      metrics: { emissions_intensity: { count: 3, median: 400, best: 120, worst: 897 } },
    });
    expect(peers.companies_lobbyings).toBeNull();
  });

  it('looks up no peers for the tables of issues that do not apply', () => {
    const details = mergeDetails(rows);
    expect(entriesOf(details, ['companies_taxes'])).toEqual([]);
  });
});

describe('figures of a report on an issue', () => {
  it('gives each company its metrics of the rows, in table then metric order', () => {
    const rows = [
      {
        ...detailRow('companies_us_taxes', [2026, 1], { us_federal_tax_paid: 7 }),
        uprightCid: 'a',
      },
      { ...detailRow('companies_taxes', [2026, 1], { effective_tax_rate: 21 }), uprightCid: 'a' },
      { ...detailRow('companies_taxes', [2026, 1], { pretax_income: 3 }), uprightCid: 'b' },
    ];
    const figures = figuresByCompany(rows);
    expect(figures.get('a')!.map((metric) => [metric.name, metric.value])).toEqual([
      ['effective_tax_rate', 21],
      ['us_federal_tax_paid', 7],
    ]);
    expect(figures.get('b')!.map((metric) => metric.name)).toEqual(['pretax_income']);
    expect(figures.has('c')).toBe(false);
  });
});
