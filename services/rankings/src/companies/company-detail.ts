import {
  DETAIL_TABLES,
  DETAIL_TABLE_NAMES,
  type CompanyDetails,
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
  const values =
    typeof row.metrics === 'object' && row.metrics !== null
      ? (row.metrics as Record<string, unknown>)
      : {};
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
