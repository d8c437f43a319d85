const NAME_COLLATION = new Intl.Collator('en');

function compareCodeUnits(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/**
 * Indices of `companies` ordered by company_name (English collation, so "eBay" sorts beside
 * "Exxon"), then by upright_cid (code units): the "then name" of every "by rank, then name" list of
 * docs/product/rules.md#s5 rule 9. The order is total, so it never depends on the input order.
 */
export function orderByName(
  companies: ReadonlyArray<{ readonly company_name: string; readonly upright_cid: string }>,
): number[] {
  return companies
    .map((_, i) => i)
    .sort(
      (a, b) =>
        NAME_COLLATION.compare(companies[a].company_name, companies[b].company_name) ||
        compareCodeUnits(companies[a].upright_cid, companies[b].upright_cid),
    );
}

/**
 * `items` ordered by rank ascending, then by `nameOrder` (see orderByName). A counting sort over
 * ranks 1..n, walking the items in name order so that equal ranks stay in name order: O(n), no
 * comparisons. Every rank of the rules lies in 1..n.
 */
export function orderedByRank<T>(
  items: readonly T[],
  nameOrder: readonly number[],
  rankOf: (item: T) => number,
): T[] {
  // slot[r] ends up as the first output position for rank r (number of items ranked below r)
  const slot = new Int32Array(items.length + 2);
  for (const item of items) slot[rankOf(item) + 1]++;
  for (let rank = 1; rank < slot.length; rank++) slot[rank] += slot[rank - 1];
  const ordered = new Array<T>(items.length);
  for (const index of nameOrder) {
    const item = items[index];
    ordered[slot[rankOf(item)]++] = item;
  }
  return ordered;
}
