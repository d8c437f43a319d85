/**
 * The search-as-you-type workloads of the benches (`infra/bench/search.ts` through the stack,
 * `suggest.bench.ts` in process), on `sampleCompanyDocuments`: one definition, so both measure
 * the same values.
 */
import type { CompanySearchDocument } from '@upright/contracts';

/** A typed value as the engine reads it (its words, lower case): what its kept answers key. */
export const folded = (value: string) =>
  (value.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');

/** What the search bar sends while typing: every prefix of 1–5 letters of sampled names. */
export function typedPrefixes(documents: readonly CompanySearchDocument[]): string[] {
  const prefixes = new Set<string>();
  documents
    .filter((_, index) => index % 125 === 0)
    .forEach((document) => {
      const name = document.company_name.toLowerCase();
      for (let length = 1; length <= 5; length++) prefixes.add(name.slice(0, length));
    });
  return [...prefixes];
}

/**
 * Queries no one asked before: prefixes of 2 to 10 letters of names (what a visitor types into a
 * name, its second word included), each value once and none of the typed prefixes, which are
 * asked first. Values the engine reads as the same words (`kor ` and `kor`) count once, as the
 * engine would answer the second from its kept answers.
 */
export function neverAskedValues(
  documents: readonly CompanySearchDocument[],
  count: number,
): string[] {
  const values: string[] = [];
  const seen = new Set(typedPrefixes(documents).map(folded));
  for (let index = 0; index < documents.length && values.length < count; index++) {
    const name = documents[(index * 7919) % documents.length].company_name.toLowerCase();
    for (let length = 2; length <= 10 && values.length < count; length++) {
      const value = name.slice(0, length);
      if (value !== value.trimEnd() || seen.has(folded(value))) continue;
      seen.add(folded(value));
      values.push(value);
    }
  }
  return values;
}
