/**
 * Batch upserts that report what changed: rows come in as one JSON parameter, are unpacked by
 * jsonb_to_recordset, and only rows whose values differ are written, so re-importing the same
 * file changes nothing (and says so).
 */
export interface TableSpec {
  table: string;
  columns: ReadonlyArray<{ name: string; type: string }>;
  key: readonly string[];
  /** Extra assignments on update, e.g. a touched timestamp. */
  onUpdate?: string;
}

const quote = (name: string) => `"${name}"`;

export function upsertSql(spec: TableSpec): string {
  const names = spec.columns.map((column) => quote(column.name));
  const valueColumns = spec.columns.filter((column) => !spec.key.includes(column.name));
  const record = spec.columns.map((column) => `${quote(column.name)} ${column.type}`).join(', ');
  const assignments = valueColumns.map(
    (column) => `${quote(column.name)} = excluded.${quote(column.name)}`,
  );
  if (spec.onUpdate) assignments.push(spec.onUpdate);
  const returning = `RETURNING (xmax = 0) AS inserted, ${spec.key.map(quote).join(', ')}`;
  const head = [
    `INSERT INTO ${spec.table} AS t (${names.join(', ')})`,
    `SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS input(${record})`,
  ];
  if (valueColumns.length === 0) {
    return [...head, `ON CONFLICT (${spec.key.map(quote).join(', ')}) DO NOTHING`, returning].join(
      '\n',
    );
  }
  const current = valueColumns.map((column) => `t.${quote(column.name)}`).join(', ');
  const incoming = valueColumns.map((column) => `excluded.${quote(column.name)}`).join(', ');
  return [
    ...head,
    `ON CONFLICT (${spec.key.map(quote).join(', ')}) DO UPDATE SET ${assignments.join(', ')}`,
    `WHERE (${current}) IS DISTINCT FROM (${incoming})`,
    returning,
  ].join('\n');
}
