import { useEffect, useState } from 'react';
import type { SearchApp } from '@upright/contracts';
import { formatDate, joinWithDots } from '../lib/format';
import type { IndustryAnswers } from './industries';
import { pathOfDocument, titleOf } from './modes';
import { standingIn, standingText, type Standing } from './standing';

export type SearchItem = { _id?: string; _source?: Record<string, unknown> } & Record<
  string,
  unknown
>;

const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A company's industry and rank there, once its industry's answer is in (nothing before). */
function useStanding(
  industry: string,
  companyId: string,
  answers: IndustryAnswers | undefined,
): Standing | null {
  const [standing, setStanding] = useState<Standing | null>(null);
  useEffect(() => {
    if (!answers || !industry) return;
    let current = true;
    void answers(industry).then((answer) => {
      if (current && answer) setStanding(standingIn(answer, companyId));
    });
    return () => {
      current = false;
    };
  }, [answers, industry, companyId]);
  return standing;
}

/**
 * docs/product/spec.md#s2: the three result layouts (company, industry, report). A company also
 * shows its industry and its rank there when `answers` is given.
 */
export function SearchResult({
  mode,
  item,
  onOpen,
  answers,
}: {
  mode: SearchApp;
  item: SearchItem;
  onOpen(item: SearchItem): void;
  answers?: IndustryAnswers;
}) {
  const source = (item._source ?? item) as Record<string, unknown>;
  const standing = useStanding(
    mode === 'companies' ? text(source.industry) : '',
    String(item._id ?? source.id ?? ''),
    answers,
  );
  const path = pathOfDocument(mode, String(item._id ?? source.id ?? ''), source);
  const title = titleOf(mode, source);
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
          {standing && <p className="search-result-standing">{standingText(standing)}</p>}
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
