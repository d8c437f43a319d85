import type { SearchApp } from '@upright/contracts';
import { formatDate, joinWithDots } from '../lib/format';
import { pathOfDocument } from './modes';

export type SearchItem = { _id?: string; _source?: Record<string, unknown> } & Record<
  string,
  unknown
>;

const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** docs/product/spec.md#s2: the three result layouts (company, industry, report). */
export function SearchResult({
  mode,
  item,
  onOpen,
}: {
  mode: SearchApp;
  item: SearchItem;
  onOpen(item: SearchItem): void;
}) {
  const source = (item._source ?? item) as Record<string, unknown>;
  const path = pathOfDocument(mode, String(item._id ?? source.id ?? ''), source);
  const title =
    mode === 'companies'
      ? text(source.company_name)
      : mode === 'industries'
        ? text(source.industry_text)
        : text(source.title);
  const heading = path ? (
    <a
      href={path}
      onClick={(event) => {
        event.preventDefault();
        onOpen(item);
      }}
    >
      {title}
    </a>
  ) : (
    title
  );
  return (
    <article className={`search-result search-result-${mode}`}>
      <h3>{heading}</h3>
      {mode === 'companies' && (
        <>
          <p>
            <span className="muted">Latest Update:</span> {formatDate(text(source.updated))}
          </p>
          {list(source.subsidiaries).length + list(source.brands).length > 0 && (
            <p>
              <span className="muted">subsidiaries &amp; brands</span>{' '}
              {joinWithDots([...list(source.subsidiaries), ...list(source.brands)])}
            </p>
          )}
        </>
      )}
      {mode === 'industries' && <p>{text(source.definition)}</p>}
      {mode === 'reports' && (
        <p>
          <span className="muted">Generated:</span> {formatDate(text(source.published_date))}
        </p>
      )}
    </article>
  );
}
