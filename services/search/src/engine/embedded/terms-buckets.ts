import type { AggregationBucket, TermsAggregation } from '@upright/contracts';

/**
 * A terms aggregation over documents, as OpenSearch's `terms` answers it: a document counts once
 * per distinct value of the field (lists count each of their values), empty values are left out,
 * and the first `size` buckets are kept, most documents first (ties by value) or by value.
 */
export function termsBuckets(
  documents: ReadonlyArray<Record<string, unknown>>,
  { field, size, order }: TermsAggregation,
): AggregationBucket[] {
  const counts = new Map<string, number>();
  for (const document of documents) {
    const value = document[field];
    const values = new Set(
      (Array.isArray(value) ? value : [value])
        .filter((item) => item !== null && item !== undefined && item !== '')
        .map(String),
    );
    for (const key of values) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const byKey = (a: AggregationBucket, b: AggregationBucket) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
  const compare =
    order === 'count'
      ? (a: AggregationBucket, b: AggregationBucket) => b.doc_count - a.doc_count || byKey(a, b)
      : order === 'asc'
        ? byKey
        : (a: AggregationBucket, b: AggregationBucket) => byKey(b, a);
  return [...counts]
    .map(([key, doc_count]) => ({ key, doc_count }))
    .sort(compare)
    .slice(0, size);
}
