import {
  DETAIL_TABLES,
  DETAIL_TABLE_NAMES,
  figurePeers,
  type CompanyDetails,
  type FigurePeers,
  type Period,
  type TablePeers,
  type DetailEntry,
  type DetailMetric,
  type DetailTableName,
} from '@upright/contracts';
import { isoDate } from './company-rows';

export interface DetailRow {
  detailTable: string;
  periodYear: number;
  periodQrt: number;
  /** JSON object of metric name → value, as imported. */
  metrics: unknown;
  sourcePublisher: string;
  sourceUrl: string;
  sourceDate: Date;
}

const DETAIL_TABLE_SET: ReadonlySet<string> = new Set(DETAIL_TABLE_NAMES);

function isDetailTable(name: string): name is DetailTableName {
  return DETAIL_TABLE_SET.has(name);
}

function latestFirst(a: DetailRow, b: DetailRow): number {
  return b.periodYear - a.periodYear || b.periodQrt - a.periodQrt;
}

/**
 * docs/product/spec.md#s3: a company's detail merges the first entry of each of the eight detail
 * tables; the first is the latest period's. Each entry keeps its period and source, and its metrics
 * carry the labels and units of DETAIL_TABLES, in that table's order. A table without rows is null.
 */
export function mergeDetails(rows: readonly DetailRow[]): CompanyDetails {
  const merged = Object.fromEntries(
    DETAIL_TABLE_NAMES.map((table) => [table, null]),
  ) as CompanyDetails;
  for (const row of [...rows].sort(latestFirst)) {
    if (isDetailTable(row.detailTable) && merged[row.detailTable] === null) {
      merged[row.detailTable] = toDetailEntry(row.detailTable, row);
    }
  }
  return merged;
}

function toDetailEntry(table: DetailTableName, row: DetailRow): DetailEntry {
  const values = metricsOf(row);
  const metrics: DetailMetric[] = [];
  for (const definition of DETAIL_TABLES[table].metrics) {
    const value = values[definition.name];
    if (typeof value === 'number' || typeof value === 'string') {
      metrics.push({ ...definition, value });
    }
  }
  return {
    period_year: row.periodYear,
    period_qrt: row.periodQrt,
    metrics,
    source: {
      source_publisher: row.sourcePublisher,
      source_url: row.sourceUrl,
      source_date: isoDate(row.sourceDate),
    },
  };
}

/**
 * Each company's metrics of the given rows (one period), in table then metric order: the figures
 * beside a report's ranking on an issue.
 */
export function figuresByCompany(
  rows: ReadonlyArray<DetailRow & { uprightCid: string }>,
): Map<string, DetailMetric[]> {
  const byCompany = new Map<string, DetailRow[]>();
  for (const row of rows) {
    byCompany.set(row.uprightCid, [...(byCompany.get(row.uprightCid) ?? []), row]);
  }
  return new Map(
    [...byCompany].map(([cid, own]) => {
      const merged = mergeDetails(own);
      return [cid, DETAIL_TABLE_NAMES.flatMap((table) => merged[table]?.metrics ?? [])];
    }),
  );
}

/** A detail entry the page shows, by table: what its peers are looked up for. */
export interface ShownEntry extends Period {
  table: DetailTableName;
}

/** The company's entries of the given tables (those of its industry's applicable issues). */
export function entriesOf(
  details: CompanyDetails,
  tables: readonly DetailTableName[],
): ShownEntry[] {
  return tables.flatMap((table) => {
    const entry = details[table];
    return entry === null
      ? []
      : [{ table, period_year: entry.period_year, period_qrt: entry.period_qrt }];
  });
}

/** One company's detail row of the industry, as peers need it. */
export type PeerRow = Pick<DetailRow, 'detailTable' | 'periodYear' | 'periodQrt' | 'metrics'>;

/**
 * rules §16: for each shown entry, the industry's median and best of each metric over the rows of
 * the same table and period (`rows`: the industry's companies, the company included); null for a
 * table not shown.
 */
export function peersOf(
  shown: readonly ShownEntry[],
  rows: readonly PeerRow[],
): { [T in DetailTableName]: TablePeers | null } {
  const peers = Object.fromEntries(DETAIL_TABLE_NAMES.map((table) => [table, null])) as {
    [T in DetailTableName]: TablePeers | null;
  };
  for (const entry of shown) {
    const same = rows.filter(
      (row) =>
        row.detailTable === entry.table &&
        row.periodYear === entry.period_year &&
        row.periodQrt === entry.period_qrt,
    );
    const metrics: Record<string, FigurePeers> = {};
    for (const definition of DETAIL_TABLES[entry.table].metrics) {
      const values = same.map((row) => metricsOf(row)[definition.name]);
      const found = figurePeers(values, definition.better);
      if (found !== null) metrics[definition.name] = found;
    }
    peers[entry.table] = {
      period_year: entry.period_year,
      period_qrt: entry.period_qrt,
      metrics,
    };
  }
  return peers;
}

function metricsOf(row: Pick<DetailRow, 'metrics'>): Record<string, unknown> {
  return typeof row.metrics === 'object' && row.metrics !== null
    ? (row.metrics as Record<string, unknown>)
    : {};
}
