import type { IndustryPreview } from '@upright/contracts';

/**
 * The companies of a preview whose followers a publish alerts (decision 0077 §4): those whose
 * rank moves, and those added to or removed from the industry. Each once, in a stable order.
 */
export function companiesReached(preview: IndustryPreview): string[] {
  const cids = new Set<string>();
  for (const company of [...preview.moves, ...preview.added, ...preview.removed]) {
    cids.add(company.upright_cid);
  }
  return [...cids];
}

/** `items` in consecutive batches of at most `size`; none for no items. */
export function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    batches.push(items.slice(start, start + size));
  }
  return batches;
}
