import { DETAIL_TABLE_NAMES } from '@upright/contracts';
import { mergeDetails, type DetailRow } from './company-detail';

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
        { name: 'lobbying_spend', label: 'Federal lobbying spend', unit: 'usd', value: 250 },
        { name: 'lobbyists', label: 'Registered lobbyists', unit: 'count', value: 4 },
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
      { name: 'scope1_emissions', label: 'Scope 1 emissions', unit: 'tonnes_co2e', value: 1200.5 },
      { name: 'net_zero_target', label: 'Net-zero target year', unit: 'text', value: '2040' },
    ]);
  });

  it('ignores rows of tables it does not know', () => {
    const merged = mergeDetails([detailRow('companies_secrets', [2026, 1], { x: 1 })]);
    expect(Object.values(merged).every((entry) => entry === null)).toBe(true);
  });
});
