/** An OpenAPI document as the developers page reads it: paths of operations, and tags. */
interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown>>;
  tags?: Array<{ name: string }>;
  [key: string]: unknown;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/**
 * The document without the operations only admins may call (`x-upright-access: admin`, set by
 * the BFF from their guards): the public reference is for readers and members. The document at
 * /api/openapi.json stays whole, for the admin tools and the contract test.
 */
export function publicDocument<T extends OpenApiDocument>(document: T): T {
  const paths: Record<string, Record<string, unknown>> = {};
  const usedTags = new Set<string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const kept = Object.entries(item).filter(
      ([method, operation]) =>
        !METHODS.has(method) ||
        (operation as { 'x-upright-access'?: string })['x-upright-access'] !== 'admin',
    );
    if (!kept.some(([method]) => METHODS.has(method))) continue;
    for (const [method, operation] of kept) {
      if (METHODS.has(method)) {
        for (const tag of (operation as { tags?: string[] }).tags ?? []) usedTags.add(tag);
      }
    }
    paths[path] = Object.fromEntries(kept);
  }
  return {
    ...document,
    paths,
    ...(document.tags ? { tags: document.tags.filter((tag) => usedTags.has(tag.name)) } : {}),
  };
}
