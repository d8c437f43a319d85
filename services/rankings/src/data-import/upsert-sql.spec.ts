import { upsertSql } from './upsert-sql';

describe('upsertSql', () => {
  const sql = upsertSql({
    table: 'rankings.things',
    columns: [
      { name: 'id', type: 'text' },
      { name: 'size', type: 'integer' },
      { name: 'tags', type: 'text[]' },
    ],
    key: ['id'],
    onUpdate: 'updated_at = now()',
  });

  it('unpacks the JSON batch with every column typed', () => {
    expect(sql).toContain(
      'jsonb_to_recordset($1::jsonb) AS input("id" text, "size" integer, "tags" text[])',
    );
  });

  it('updates only value columns, and only when they differ', () => {
    expect(sql).toContain(
      'ON CONFLICT ("id") DO UPDATE SET "size" = excluded."size", "tags" = excluded."tags", updated_at = now()',
    );
    expect(sql).toContain(
      'WHERE (t."size", t."tags") IS DISTINCT FROM (excluded."size", excluded."tags")',
    );
  });

  it('returns whether each written row was new, with its key', () => {
    expect(sql.endsWith('RETURNING (xmax = 0) AS inserted, "id"')).toBe(true);
  });

  it('only inserts missing rows of a key-only table', () => {
    const linkSql = upsertSql({
      table: 'rankings.links',
      columns: [
        { name: 'a', type: 'text' },
        { name: 'b', type: 'text' },
      ],
      key: ['a', 'b'],
    });
    expect(linkSql).toContain('ON CONFLICT ("a", "b") DO NOTHING');
    expect(linkSql).not.toContain('IS DISTINCT FROM');
  });
});
