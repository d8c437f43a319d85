import type { EngineQuery } from './engine';

/** `includeFields`/`excludeFields` of the ReactiveSearch API (`*` = every field). */
export function projectSource(
  source: Record<string, unknown>,
  query: Pick<EngineQuery, 'includeFields' | 'excludeFields'>,
): Record<string, unknown> {
  const include = query.includeFields;
  const exclude = new Set(query.excludeFields ?? []);
  const keepAll = !include || include.includes('*');
  return Object.fromEntries(
    Object.entries(source).filter(
      ([field]) => (keepAll || include.includes(field)) && !exclude.has(field),
    ),
  );
}
