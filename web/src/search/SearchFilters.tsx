import { useEffect, useState, type ComponentType } from 'react';
import { MultiList } from '@appbaseio/reactivesearch';
import { SEARCH_LIMITS } from '@upright/contracts';
import { loadIndustryNames } from './industries';
import type { SearchFilter } from './modes';

// Typed loosely like the box and the list (the published typings lag the v4 props).
const FilterList = MultiList as unknown as ComponentType<Record<string, unknown>>;

/** Every value a list can hold (the BFF answers at most this many buckets). */
const BUCKETS = SEARCH_LIMITS.maxAggregationSize;

/**
 * The results panel's filters (docs/product/spec.md#s1): one ReactiveSearch MultiList per term
 * field, each value with the count of results it would leave. The counts follow the text and the
 * other filters, not the list's own choice, so choosing one value still shows the others.
 */
export function SearchFilters({
  filters,
  chosen,
  onChange,
}: {
  filters: readonly SearchFilter[];
  /** Values chosen when the panel opened (from the URL). */
  chosen: Record<string, string[]>;
  onChange(id: string, values: string[]): void;
}) {
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const needsNames = filters.some((filter) => filter.industryNames);
  useEffect(() => {
    if (needsNames) void loadIndustryNames().then(setNames);
  }, [needsNames]);
  // Open on wide screens; at phone widths the results come first and a filter opens on demand.
  const [wide] = useState(() => window.matchMedia('(min-width: 720px)').matches);
  return (
    <div className="search-filters" data-testid="search-filters">
      {filters.map((filter) => {
        const others = filters.filter((other) => other.id !== filter.id).map((other) => other.id);
        const nameOf = (key: string) => (filter.industryNames ? (names.get(key) ?? key) : key);
        return (
          <details
            key={filter.id}
            className="search-filter"
            open={wide || (chosen[filter.id]?.length ?? 0) > 0}
          >
            <summary>{filter.title}</summary>
            <FilterList
              componentId={filter.id}
              dataField={filter.field}
              react={{ and: ['q', ...others] }}
              size={BUCKETS}
              sortBy="count"
              queryFormat="or"
              showSearch={false}
              showCheckbox
              defaultValue={chosen[filter.id] ?? []}
              onValueChange={(values: string[] | null) => onChange(filter.id, values ?? [])}
              innerClass={{ list: 'search-filter-list', checkbox: 'search-filter-checkbox' }}
              renderItem={(key: string, count: number) => (
                <span className="search-filter-item">
                  <span>{nameOf(key)}</span> <span className="search-filter-count">{count}</span>
                </span>
              )}
              renderNoResults={() => <p className="muted">No Results found.</p>}
            />
          </details>
        );
      })}
    </div>
  );
}
