import { useEffect, useRef, useState, type ComponentType } from 'react';
import { ReactiveBase, ReactiveList, SearchBox } from '@appbaseio/reactivesearch';
import type { SearchApp } from '@upright/contracts';
import { useNavigate } from 'react-router-dom';
import { currentCsrfToken } from '../api/http';
import { CSRF_HEADER, SEARCH_DEBOUNCE_MS, SEARCH_RESULTS_PER_PAGE } from '../lib/constants';
import { resultStatsText } from '../lib/format';
import { pathOfDocument, SEARCH_MODES } from './modes';
import { SearchResult, type SearchItem } from './SearchResult';

// The published typings lag the v4 props used here (weighted dataField; compoundClause marked
// required though optional): these two are used through looser types.
const Box = SearchBox as unknown as ComponentType<Record<string, unknown>>;
const List = ReactiveList as unknown as ComponentType<Record<string, unknown>>;

/**
 * ReactiveSearch posts to the BFF: cookie-authenticated writes carry the CSRF header, and the
 * placeholder Basic credentials (below) are not sent.
 */
async function withCsrf(request: { headers?: Record<string, string> }) {
  const headers = { ...request.headers };
  delete headers.Authorization;
  const csrf = await currentCsrfToken();
  if (csrf) headers[CSRF_HEADER] = csrf;
  return { ...request, headers };
}

/** appbase's analytics client refuses to start without credentials; the BFF needs none. */
const PLACEHOLDER_CREDENTIALS = 'public:public';

interface Props {
  mode: SearchApp;
  initialValue: string;
  autoFocus: boolean;
}

/**
 * The ReactiveSearch part of the search bar (docs/product/rules.md#s9): loaded lazily, never under
 * StrictMode. A suggestion opens its page; Enter opens the results panel (20 per page).
 */
export default function ReactiveSearchBox({ mode, initialValue, autoFocus }: Props) {
  const navigate = useNavigate();
  const [panelOpen, setPanelOpen] = useState(false);
  const settings = SEARCH_MODES[mode];
  const boxWrap = useRef<HTMLDivElement>(null);
  // SearchBox labels its field with the component id; give it a label people can understand.
  useEffect(() => {
    const field = boxWrap.current?.querySelector('textarea, input');
    field?.setAttribute('aria-label', `Search ${settings.label.toLowerCase()}`);
  });
  // The box replaces the plain input the visitor may already be typing in: keep the caret at the
  // end of what was typed, or the next keys land before it (typing "Hav" gave "avH").
  useEffect(() => {
    if (!autoFocus) return;
    const field = boxWrap.current?.querySelector<HTMLInputElement | HTMLTextAreaElement>(
      'textarea, input',
    );
    if (!field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
    // Mount-only: later renders must not move a caret the visitor placed.
  }, []);
  const open = (item: SearchItem) => {
    const source = (item._source ?? item) as Record<string, unknown>;
    const path = pathOfDocument(mode, String(item._id ?? source.id ?? ''), source);
    if (path) {
      setPanelOpen(false);
      navigate(path);
    }
  };
  return (
    <ReactiveBase
      app={mode}
      url={`${window.location.origin}/api/search`}
      credentials={PLACEHOLDER_CREDENTIALS}
      transformRequest={withCsrf}
      theme={{ typography: { fontFamily: 'inherit', fontSize: '1rem' } }}
    >
      <div className="search-input-wrap" ref={boxWrap}>
        <Box
          componentId="q"
          className="search-box"
          innerClass={{ input: 'search-input', list: 'search-suggestions' }}
          dataField={[...settings.fields]}
          placeholder={settings.placeholder}
          debounce={SEARCH_DEBOUNCE_MS}
          showClear
          showIcon={false}
          autosuggest
          autoFocus={autoFocus}
          defaultValue={initialValue}
          size={5}
          highlight={false}
          enablePopularSuggestions={false}
          enableRecentSuggestions={false}
          renderNoSuggestion="No suggestions"
          // docs/product/spec.md#s2: Enter opens the expandable results panel; a suggestion opens
          // its page.
          onValueSelected={(value: string, cause: string, suggestion?: SearchItem | null) => {
            if (cause === 'SUGGESTION_SELECT' && suggestion) open(suggestion);
            else if (cause === 'ENTER_PRESS' || cause === 'SEARCH_ICON_CLICK')
              setPanelOpen(value.trim() !== '');
            else if (cause === 'CLEAR_VALUE') setPanelOpen(false);
          }}
        />
      </div>
      {panelOpen && (
        <section className="search-panel" aria-label="Search results" data-testid="search-panel">
          <div className="search-panel-head">
            <h2 className="search-panel-title">Search results</h2>
            <button type="button" className="link-button" onClick={() => setPanelOpen(false)}>
              close
            </button>
          </div>
          <List
            componentId="results"
            dataField={settings.fields[0].field}
            react={{ and: ['q'] }}
            size={SEARCH_RESULTS_PER_PAGE}
            pagination
            paginationAt="bottom"
            pages={5}
            scrollOnChange={false}
            innerClass={{ pagination: 'search-pagination', resultStats: 'search-stats' }}
            renderResultStats={(stats: { numberOfResults: number; time: number }) => (
              <p className="search-stats" role="status">
                {resultStatsText(stats.numberOfResults, stats.time)}
              </p>
            )}
            renderNoResults={() => <p>No Results found.</p>}
            renderItem={(item: SearchItem) => (
              <SearchResult key={String(item._id)} mode={mode} item={item} onOpen={open} />
            )}
          />
        </section>
      )}
    </ReactiveBase>
  );
}
