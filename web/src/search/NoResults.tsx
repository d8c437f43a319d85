import { useEffect, useState } from 'react';
import { WebPaths, type SearchApp } from '@upright/contracts';
import { request } from '../api/http';
import { loadIndustryNames } from './industries';
import { pathOfDocument, titleOf } from './modes';
import { nearestHits, nearestNamesBody } from './nearest';
import type { SearchItem } from './SearchResult';

function PageLink({
  path,
  go,
  children,
}: {
  path: string;
  go(path: string): void;
  children: string;
}) {
  return (
    <a
      href={path}
      onClick={(event) => {
        event.preventDefault();
        go(path);
      }}
    >
      {children}
    </a>
  );
}

type NearestAnswer = Record<string, { hits?: { hits?: SearchItem[] } } | undefined>;

/**
 * An empty results panel: the spec's text (docs/product/spec.md, the search component's default),
 * then what the visitor may have meant — the names nearest the text, typos tolerated — and every
 * active industry to browse instead.
 */
export function NoResults({
  mode,
  text,
  go,
}: {
  mode: SearchApp;
  text: string;
  /** Leaves the panel for a page. */
  go(path: string): void;
}) {
  const [nearest, setNearest] = useState<SearchItem[]>([]);
  const [industries, setIndustries] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    let current = true;
    setNearest([]);
    if (text.trim() === '') return;
    request<NearestAnswer>('POST', `/api/search/${mode}/_reactivesearch`, {
      body: nearestNamesBody(mode, text),
      quiet: true,
    }).then(
      (response) => current && setNearest(nearestHits(response.body)),
      // Only an offer: without it the text above still says what happened.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [mode, text]);
  useEffect(() => {
    void loadIndustryNames().then(setIndustries);
  }, []);
  const links = nearest.flatMap((item) => {
    const source = item._source ?? item;
    const path = pathOfDocument(mode, String(item._id ?? source.id ?? ''), source);
    return path ? [{ path, title: titleOf(mode, source) }] : [];
  });
  return (
    <div className="search-no-results" data-testid="search-no-results">
      <p>No Results found.</p>
      {links.length > 0 && (
        <p className="search-nearest">
          <span className="muted">Did you mean</span>{' '}
          {links.map(({ path, title }, index) => (
            <span key={path}>
              {index > 0 && ' · '}
              <PageLink path={path} go={go}>
                {title}
              </PageLink>
            </span>
          ))}
        </p>
      )}
      {industries.size > 0 && (
        <details className="search-industries">
          <summary>Browse the industries</summary>
          <ul>
            {[...industries].map(([slug, name]) => (
              <li key={slug}>
                <PageLink path={WebPaths.industry(slug)} go={go}>
                  {name}
                </PageLink>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
