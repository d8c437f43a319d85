import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type ComponentType,
  type MutableRefObject,
} from 'react';
import { ReactiveBase, ReactiveList, SearchBox } from '@appbaseio/reactivesearch';
import { SEARCH_LIMITS, type SearchApp } from '@upright/contracts';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { currentCsrfToken } from '../api/http';
import { CSRF_HEADER, SEARCH_DEBOUNCE_MS, SEARCH_RESULTS_PER_PAGE } from '../lib/constants';
import { resultStatsText } from '../lib/format';
import { useSession } from '../state/session';
import { ErrorBox } from '../components/ErrorBox';
import { industryAnswers } from './industries';
import { onSearchFailed } from './search-fetch';
import { pathOfDocument, SEARCH_MODES } from './modes';
import { NoResults } from './NoResults';
import { SearchFilters } from './SearchFilters';
import { SearchResult, type SearchItem } from './SearchResult';
import { writeSearchState, type SearchUrlState } from './url-state';
import './search.css';

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

const NO_URL_PARAMS = () => '';
const IGNORE_URL_PARAMS = () => undefined;

/** What the results panel says when the search did not answer (an outage, a refusal). */
const SEARCH_FAILED = 'The search did not answer. Please try again.';

/** The results list's component id, as ReactiveSearch names its query in a request's body. */
const RESULTS_ID = 'results';

/** Whether a ReactiveSearch request's body asked for the query of component `id`. */
function asksFor(body: string, id: string): boolean {
  try {
    const { query } = JSON.parse(body) as { query?: Array<{ id?: unknown }> };
    return Array.isArray(query) && query.some((asked) => asked.id === id);
  } catch {
    return false;
  }
}

/** appbase's analytics client refuses to start without credentials; the BFF needs none. */
const PLACEHOLDER_CREDENTIALS = 'public:public';

interface Props {
  mode: SearchApp;
  initialValue: string;
  autoFocus: boolean;
  /** The results panel the URL holds (a reload, a shared link): opened as it was. */
  restored: SearchUrlState | null;
}

type AppbaseConfig = NonNullable<ComponentProps<typeof ReactiveBase>['reactivesearchAPIConfig']>;
/**
 * docs/product/spec.md#s9 analytics defaults, with searches recorded: a member's searches shown
 * with results become their recent searches. userId and customEvents stay unset (null): the
 * session identifies the member; searchStateHeader keeps the library's false.
 */
const ANALYTICS_CONFIG: Partial<AppbaseConfig> = {
  recordAnalytics: true,
  emptyQuery: true,
  suggestionAnalytics: true,
  enableQueryRules: true,
  // Library defaults; the BFF keeps its own answer cache and takes no telemetry.
  enableSearchRelevancy: true,
  useCache: false,
  enableTelemetry: false,
};

/** docs/product/spec.md#s9 recent searches: 5 of them, of at least 3 characters. */
const RECENT_SEARCHES = {
  size: SEARCH_LIMITS.recentSearchesSize,
  minChars: SEARCH_LIMITS.recentSearchesMinChars,
};

const fromAnalytics = (item: SearchItem | null | undefined) =>
  item?._suggestion_type === 'recent' || item?._suggestion_type === 'popular';

/**
 * The ReactiveSearch part of the search bar (docs/product/rules.md#s9): loaded lazily, never under
 * StrictMode. A suggestion opens its page; Enter opens the results panel (20 per page).
 */
export default function ReactiveSearchBox({ mode, initialValue, autoFocus, restored }: Props) {
  const navigate = useNavigate();
  const { status } = useSession();
  const [, setParams] = useSearchParams();
  const [panelOpen, setPanelOpen] = useState(restored !== null);
  const settings = SEARCH_MODES[mode];
  // What the URL holds while the panel is open: the text searched and the values chosen.
  const shown = useRef<SearchUrlState>(restored ?? { mode, text: '', filters: {} });
  const keepInUrl = (change: Partial<SearchUrlState>, open: boolean) => {
    shown.current = open ? { ...shown.current, ...change } : { mode, text: '', filters: {} };
    setParams((params) => writeSearchState(params, open ? shown.current : null), {
      replace: true,
    });
  };
  const showResults = (text: string) => {
    const open = text.trim() !== '';
    setPanelOpen(open);
    keepInUrl({ text }, open);
  };
  const closePanel = () => {
    setPanelOpen(false);
    keepInUrl({}, false);
  };
  const boxWrap = useRef<HTMLDivElement>(null);
  // The page of results a reload or a shared link opens on: ReactiveList moves there when its
  // `currentPage` changes once the first results say that page exists; its page changes until
  // then are its own start, not the visitor's.
  const restoring = useRef(restored?.page ?? null);
  const [listPage, setListPage] = useState(1);
  // ReactiveSearch asks a query again only when it changed: after a failure, a new ReactiveBase
  // (a new key) asks the panel's queries afresh, from what it shows (`shown`).
  const [generation, setGeneration] = useState(0);
  const askAgain = () => {
    restoring.current = shown.current.page ?? null;
    setListPage(1);
    setGeneration((count) => count + 1);
  };
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
    // A recent or popular search is a text to search again, not a document.
    if (fromAnalytics(item)) return showResults(String(item.value ?? ''));
    const source = (item._source ?? item) as Record<string, unknown>;
    const path = pathOfDocument(mode, String(item._id ?? source.id ?? ''), source);
    if (path) go(path);
  };
  const go = (path: string) => {
    setPanelOpen(false);
    navigate(path);
  };
  return (
    <ReactiveBase
      key={generation}
      app={mode}
      url={`${window.location.origin}/api/search`}
      credentials={PLACEHOLDER_CREDENTIALS}
      transformRequest={withCsrf}
      // The panel keeps its own state in the URL (url-state.ts). ReactiveSearch takes any change
      // of the query string for a back button and clears every component it does not find there.
      getSearchParams={NO_URL_PARAMS}
      setSearchParams={IGNORE_URL_PARAMS}
      // Searches shown with results are recorded: a member's become their recent searches.
      reactivesearchAPIConfig={ANALYTICS_CONFIG as AppbaseConfig}
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
          defaultValue={generation === 0 ? initialValue : shown.current.text}
          size={5}
          highlight={false}
          enablePopularSuggestions={false}
          // Recent searches are a member's own; a visitor has none.
          enableRecentSuggestions={status === 'member'}
          recentSuggestionsConfig={RECENT_SEARCHES}
          recentSearchesIcon={
            <span className="search-recent-icon" role="img" aria-label="Recent search">
              ↺
            </span>
          }
          renderNoSuggestion="No suggestions"
          // docs/product/spec.md#s2: Enter opens the expandable results panel; a suggestion opens
          // its page.
          onValueSelected={(value: string, cause: string, suggestion?: SearchItem | null) => {
            if (cause === 'SUGGESTION_SELECT' && suggestion) open(suggestion);
            else if (cause === 'ENTER_PRESS' || cause === 'SEARCH_ICON_CLICK') showResults(value);
            else if (cause === 'CLEAR_VALUE') closePanel();
          }}
        />
      </div>
      {panelOpen && (
        <ResultsPanel
          mode={mode}
          shown={shown}
          keepInUrl={keepInUrl}
          onClose={closePanel}
          restoring={restoring}
          listPage={listPage}
          setListPage={setListPage}
          open={open}
          go={go}
          askAgain={askAgain}
        />
      )}
    </ReactiveBase>
  );
}

/**
 * The expandable results panel (20 a page, docs/product/spec.md#s2), filters beside the results;
 * what it shows is kept in the URL through `keepInUrl`.
 */
function ResultsPanel({
  mode,
  shown,
  keepInUrl,
  onClose,
  restoring,
  listPage,
  setListPage,
  open,
  go,
  askAgain,
}: {
  mode: SearchApp;
  shown: MutableRefObject<SearchUrlState>;
  keepInUrl: (change: Partial<SearchUrlState>, open: boolean) => void;
  onClose: () => void;
  /** The page a reload or a shared link opens on, until the results reach it. */
  restoring: MutableRefObject<number | null>;
  listPage: number;
  setListPage: (page: number) => void;
  open: (item: SearchItem) => void;
  go: (path: string) => void;
  /** Asks every query of the panel afresh, as it is now (after a failure). */
  askAgain: () => void;
}) {
  const settings = SEARCH_MODES[mode];
  const filterIds = settings.filters.map((filter) => filter.id);
  const panel = useRef<HTMLElement>(null);
  // Companies' standings in their industries, read afresh each time the panel opens.
  const answers = useMemo(() => industryAnswers(), []);
  // The results' error slot (docs/product/spec.md#s2): a results query that failed for good
  // (search-fetch.ts asked it again first) says so, and Try again asks it afresh.
  const [failed, setFailed] = useState(false);
  // The list renders its no-results slot until its first answer too (its query waits for the
  // others of the page's first request): "No Results found." is said only once it is true.
  const [answered, setAnswered] = useState(false);
  useEffect(
    () =>
      onSearchFailed((body) => {
        if (asksFor(body, RESULTS_ID)) setFailed(true);
      }),
    [],
  );
  return (
    <section
      ref={panel}
      className="search-panel"
      aria-label="Search results"
      data-testid="search-panel"
    >
      <div className="search-panel-head">
        <h2 className="search-panel-title">Search results</h2>
        <button type="button" className="link-button" onClick={onClose}>
          close
        </button>
      </div>
      <div className="search-panel-body">
        {settings.filters.length > 0 && (
          <SearchFilters
            filters={settings.filters}
            chosen={shown.current.filters}
            onChange={(id, values) =>
              keepInUrl({ filters: { ...shown.current.filters, [id]: values } }, true)
            }
          />
        )}
        <div className="search-panel-results">
          {failed && (
            <div className="search-error">
              <ErrorBox message={SEARCH_FAILED} />
              <button type="button" className="button button-secondary" onClick={askAgain}>
                Try again
              </button>
            </div>
          )}
          <List
            componentId={RESULTS_ID}
            dataField={settings.fields[0].field}
            react={{ and: ['q', ...filterIds] }}
            size={SEARCH_RESULTS_PER_PAGE}
            pagination
            paginationAt="bottom"
            pages={5}
            currentPage={listPage}
            onData={({ resultStats }: { resultStats: { numberOfResults: number } }) => {
              setAnswered(true);
              const wanted = restoring.current;
              if (wanted === null) return;
              const pages = Math.ceil(resultStats.numberOfResults / SEARCH_RESULTS_PER_PAGE);
              if (wanted <= pages) return setListPage(wanted);
              restoring.current = null;
              keepInUrl({ page: 1 }, true);
            }}
            // The page is in the URL, and a new page is read from the top of the results.
            onPageChange={(page: number) => {
              if (restoring.current !== null) {
                if (page === restoring.current) restoring.current = null;
                return;
              }
              if (page === (shown.current.page ?? 1)) return;
              keepInUrl({ page }, true);
              panel.current?.scrollIntoView({ block: 'start' });
            }}
            scrollOnChange={false}
            innerClass={{ pagination: 'search-pagination', resultStats: 'search-stats' }}
            renderResultStats={(stats: { numberOfResults: number; time: number }) => (
              <p className="search-stats" role="status">
                {resultStatsText(stats.numberOfResults, stats.time)}
              </p>
            )}
            renderNoResults={() =>
              answered ? <NoResults mode={mode} text={shown.current.text} go={go} /> : null
            }
            // The library's own click analytics (docs/product/spec.md#s9): its client sends
            // the result's position in this search before the result opens.
            renderItem={(item: SearchItem, recordClick: () => void) => (
              <SearchResult
                key={String(item._id)}
                mode={mode}
                item={item}
                onOpen={(opened) => {
                  recordClick();
                  open(opened);
                }}
                answers={answers}
              />
            )}
          />
        </div>
      </div>
    </section>
  );
}
