import type { EngineQuery } from './engine';

/** `includeFields`/`excludeFields` of the ReactiveSearch API (`*` = every field). */
export function projectSource(
  source: Record<string, unknown>,
  query: Pick<EngineQuery, 'includeFields' | 'excludeFields'>,
): Record<string, unknown> {
  const include = query.includeFields;
  const exclude = query.excludeFields ?? [];
  const keepAll = !include || include.includes('*');
  // Every hit passes here: a plain copy when nothing is left out.
  if (keepAll && exclude.length === 0) return { ...source };
  const projected: Record<string, unknown> = {};
  for (const field of Object.keys(source)) {
    if ((keepAll || include.includes(field)) && !exclude.includes(field)) {
      projected[field] = source[field];
    }
  }
  return projected;
}
