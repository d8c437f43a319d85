import type { SearchApp, SearchHit, SuggestionHit, SuggestionType } from '@upright/contracts';
import type { SearchQueryModel } from '@upright/contracts';
import type { EngineHit, EngineQuery, SearchEngine } from '../engine/engine';
import type { PlannedQuery } from '../engine/query-plan';
import { projectSource } from '../engine/source-fields';
import { bestMatchingValue, queryTerms, type QueryTerm } from '../engine/text-match';

/** Suggestions are picked from a few more hits than shown, as several hits can share a label. */
const SUGGESTION_OVERFETCH = 3;

/** The index part of a suggestion query's answer: the total and the suggestion hits. */
export async function searchIndexSuggestions(
  engine: SearchEngine,
  app: SearchApp,
  { model, engine: query }: PlannedQuery,
): Promise<{ total: number; hits: SuggestionHit[] }> {
  const result = await engine.search({
    ...query,
    from: 0,
    size: Math.min(100, query.size * SUGGESTION_OVERFETCH),
    // Labels come from the text fields even when the caller narrowed _source.
    includeFields: null,
    excludeFields: null,
  });
  return { total: result.total, hits: indexSuggestions(app, model, query, result.hits) };
}

/** Index suggestions: one per distinct label, the label being the value the text matched. */
export function indexSuggestions(
  app: SearchApp,
  model: SearchQueryModel,
  query: Pick<EngineQuery, 'includeFields' | 'excludeFields'>,
  hits: readonly EngineHit[],
): SuggestionHit[] {
  const text = typeof model.value === 'string' ? model.value : '';
  const terms: QueryTerm[] = queryTerms(text, model.fuzziness);
  const fields = model.dataField.map((weighted) => weighted.field);
  const seen = new Set<string>();
  const suggestions: SuggestionHit[] = [];
  for (const hit of hits) {
    const source = hit.source;
    const label =
      (terms.length > 0 ? bestMatchingValue(source, fields, terms) : null) ??
      fields.map((field) => source[field]).find((value) => typeof value === 'string');
    if (typeof label !== 'string' || seen.has(label.toLowerCase())) continue;
    seen.add(label.toLowerCase());
    suggestions.push({
      _id: hit.id,
      _index: app,
      _score: hit.score,
      _source: projectSource(source, query),
      ...(hit.highlight ? { highlight: hit.highlight } : {}),
      label,
      value: label,
      _suggestion_type: 'index',
      _category: null,
    });
  }
  return suggestions.slice(0, model.size);
}

/** Popular and recent suggestions carry the searched term as label and value. */
export function termSuggestions(
  app: SearchApp,
  type: Exclude<SuggestionType, 'index'>,
  terms: ReadonlyArray<{ key: string; count: number }>,
): SuggestionHit[] {
  return terms.map((term) => ({
    _id: `${type}:${term.key}`,
    _index: app,
    _score: term.count,
    _source: { count: term.count },
    label: term.key,
    value: term.key,
    _suggestion_type: type,
    _category: null,
  }));
}

export function asSearchHit(app: SearchApp, hit: EngineHit): SearchHit {
  return {
    _id: hit.id,
    _index: app,
    _score: hit.score,
    _source: hit.source,
    ...(hit.highlight ? { highlight: hit.highlight } : {}),
  };
}
