import type { SectionCounts } from '@upright/contracts';
import type { Prisma } from '../generated/prisma/client';
import type { ProgressReporter } from '../data-import/progress';

type Tx = Prisma.TransactionClient;

/** A data table, its snapshot table and its key; `section` names it as the importer's summary does. */
export interface DataTable {
  table: string;
  kept: string;
  key: readonly string[];
  section: string;
}

const table = (name: string, key: string[], section = name): DataTable => ({
  table: `rankings.${name}`,
  kept: `rankings.kept_${name}`,
  key,
  section,
});

const INDUSTRIES = table('industries', ['industry']);
const COMPANIES = table('companies', ['upright_cid']);
const MEMBERSHIPS = table('company_industries', ['industry', 'upright_cid']);
const SCORES = table('company_scores', ['upright_cid', 'period_year', 'period_qrt'], 'scores');
const DETAILS = table(
  'company_details',
  ['upright_cid', 'detail_table', 'period_year', 'period_qrt'],
  'details',
);

/** The five tables a version of the rankings data is made of (decision 0077). */
export const DATA_TABLES: readonly DataTable[] = [
  INDUSTRIES,
  COMPANIES,
  MEMBERSHIPS,
  SCORES,
  DETAILS,
];

const quote = (name: string) => `"${name}"`;

/**
 * Every column of a data table, in order, read from the catalogue: a column added to a data table
 * is copied without a change here, and fails the copy loudly when its kept_* table lacks it.
 */
async function columnsOf(tx: Tx, { table: name }: DataTable): Promise<string[]> {
  const [schema, tableName] = name.split('.');
  const rows = await tx.$queryRaw<Array<{ column_name: string }>>`
    SELECT column_name::text FROM information_schema.columns
     WHERE table_schema = ${schema} AND table_name = ${tableName}
     ORDER BY ordinal_position`;
  return rows.map((row) => row.column_name);
}

/** Copies the data tables as they are into kept_* under `versionId` (it stops being public). */
export async function snapshotData(
  tx: Tx,
  versionId: number,
  progress: ProgressReporter,
): Promise<void> {
  const phase = 'copying the public data';
  progress(phase, 0, DATA_TABLES.length);
  for (const [index, data] of DATA_TABLES.entries()) {
    const columns = (await columnsOf(tx, data)).map(quote).join(', ');
    await tx.$executeRawUnsafe(`DELETE FROM ${data.kept} WHERE version_id = $1::bigint`, versionId);
    await tx.$executeRawUnsafe(
      `INSERT INTO ${data.kept} (version_id, ${columns}) SELECT $1::bigint, ${columns} FROM ${data.table}`,
      versionId,
    );
    progress(phase, index + 1, DATA_TABLES.length);
  }
}

/** Drops a version's snapshot (it is public again, or older than the ones kept). */
export async function dropSnapshot(tx: Tx, versionId: number): Promise<void> {
  for (const data of DATA_TABLES) {
    await tx.$executeRawUnsafe(`DELETE FROM ${data.kept} WHERE version_id = $1::bigint`, versionId);
  }
}

/** Writes the kept rows of `versionId` over the table: every column, updated_at included. */
async function upsertKept(tx: Tx, data: DataTable, versionId: number): Promise<SectionCounts> {
  const columns = await columnsOf(tx, data);
  const names = columns.map(quote).join(', ');
  const values = columns.filter((column) => !data.key.includes(column));
  const conflict = `ON CONFLICT (${data.key.map(quote).join(', ')})`;
  const onConflict =
    values.length === 0
      ? `${conflict} DO NOTHING`
      : `${conflict} DO UPDATE SET ${values.map((c) => `${quote(c)} = excluded.${quote(c)}`).join(', ')}
         WHERE (${values.map((c) => `t.${quote(c)}`).join(', ')})
               IS DISTINCT FROM (${values.map((c) => `excluded.${quote(c)}`).join(', ')})`;
  const [counts] = await tx.$queryRawUnsafe<
    Array<{ inserted: number; updated: number; kept: number }>
  >(
    `WITH written AS (
       INSERT INTO ${data.table} AS t (${names})
       SELECT ${names} FROM ${data.kept} WHERE version_id = $1::bigint
       ${onConflict}
       RETURNING (xmax = 0) AS inserted
     )
     SELECT count(*) FILTER (WHERE inserted)::int AS inserted,
            count(*) FILTER (WHERE NOT inserted)::int AS updated,
            (SELECT count(*)::int FROM ${data.kept} WHERE version_id = $1::bigint) AS kept
       FROM written`,
    versionId,
  );
  return {
    inserted: counts!.inserted,
    updated: counts!.updated,
    unchanged: counts!.kept - counts!.inserted - counts!.updated,
    removed: 0,
  };
}

/** Deletes the table's rows that the kept version does not have. */
function deleteMissing(tx: Tx, data: DataTable, versionId: number): Promise<number> {
  const same = data.key.map((column) => `k.${quote(column)} = t.${quote(column)}`).join(' AND ');
  return tx.$executeRawUnsafe(
    `DELETE FROM ${data.table} AS t
      WHERE NOT EXISTS (SELECT 1 FROM ${data.kept} AS k WHERE k.version_id = $1::bigint AND ${same})`,
    versionId,
  );
}

/**
 * Makes the data tables exactly the kept rows of `versionId`, in an order the foreign keys allow:
 * industries and companies are written first (rows refer to them), the rows of the others are
 * replaced, then the companies and industries the version does not have are deleted. Rows that
 * are equal are not touched. Returns what changed per section, as the importer's summary does.
 */
export async function restoreKept(
  tx: Tx,
  versionId: number,
  progress: ProgressReporter,
): Promise<Record<string, SectionCounts>> {
  const phase = 'restoring the kept data';
  const steps = 7;
  let step = 0;
  const next = () => progress(phase, ++step, steps);
  progress(phase, 0, steps);
  const counts: Record<string, SectionCounts> = {};
  // The kept rows were copied in this transaction or since the last statistics: the planner
  // takes them for a few rows, and chose a merge anti join on the period alone, which took
  // minutes at 50,000 companies. Hash joins stay linear whatever the statistics say.
  await tx.$executeRawUnsafe('SET LOCAL enable_mergejoin = off');
  await tx.$executeRawUnsafe('SET LOCAL enable_nestloop = off');
  counts[INDUSTRIES.section] = await upsertKept(tx, INDUSTRIES, versionId);
  next();
  counts[COMPANIES.section] = await upsertKept(tx, COMPANIES, versionId);
  next();
  for (const data of [MEMBERSHIPS, SCORES, DETAILS]) {
    const removed = await deleteMissing(tx, data, versionId);
    counts[data.section] = { ...(await upsertKept(tx, data, versionId)), removed };
    next();
  }
  counts[COMPANIES.section].removed = await deleteMissing(tx, COMPANIES, versionId);
  next();
  counts[INDUSTRIES.section].removed = await deleteMissing(tx, INDUSTRIES, versionId);
  next();
  await tx.$executeRawUnsafe('RESET enable_mergejoin');
  await tx.$executeRawUnsafe('RESET enable_nestloop');
  return counts;
}
