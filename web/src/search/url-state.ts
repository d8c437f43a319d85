import { SEARCH_LIMITS, type SearchApp } from '@upright/contracts';
import { SEARCH_RESULTS_PER_PAGE } from '../lib/constants';
import { SEARCH_MODES } from './modes';

/**
 * The open results panel in the URL (decision 0025: the URL is the state), so a reload or a shared
 * link shows the same results: `search` (the text searched), `search_in` (the mode, left out for
 * companies), one `search_<filter>` per chosen value and `search_page` past the first page. Other
 * parameters (a table's `q`, `sort`) are kept as they are.
 */
export interface SearchUrlState {
  mode: SearchApp;
  text: string;
  /** Chosen values by filter id. */
  filters: Record<string, string[]>;
  /** The page of results shown, past the first (absent: the first). */
  page?: number;
}

const TEXT = 'search';
const MODE = 'search_in';
const PAGE = 'search_page';
/** The last page the search API serves (its `from` is at most SEARCH_LIMITS.maxFrom). */
const LAST_PAGE = Math.floor(SEARCH_LIMITS.maxFrom / SEARCH_RESULTS_PER_PAGE) + 1;
const DEFAULT_MODE: SearchApp = 'companies';
const filterParam = (id: string) => `search_${id}`;

/** The query parameters the search bar reads, on every page it is on (`*`: any name so begun). */
export const SEARCH_QUERY = [TEXT, 'search_*'] as const;

const isMode = (value: string | null): value is SearchApp =>
  value !== null && Object.prototype.hasOwnProperty.call(SEARCH_MODES, value);

/** The panel state a bar offering `modes` shows for these parameters; null: no panel open. */
export function readSearchState(
  params: URLSearchParams,
  modes: readonly SearchApp[],
): SearchUrlState | null {
  const text = params.get(TEXT)?.trim() ?? '';
  const raw = params.get(MODE);
  const mode = raw === null ? DEFAULT_MODE : isMode(raw) ? raw : null;
  if (text === '' || mode === null || !modes.includes(mode)) return null;
  const filters: Record<string, string[]> = {};
  for (const filter of SEARCH_MODES[mode].filters) {
    const values = [...new Set(params.getAll(filterParam(filter.id)).filter(Boolean))];
    if (values.length > 0) filters[filter.id] = values;
  }
  const page = Number(params.get(PAGE));
  const paged = /^[1-9]\d*$/.test(params.get(PAGE) ?? '') && page > 1 && page <= LAST_PAGE;
  return { mode, text, filters, ...(paged ? { page } : {}) };
}

/** `params` with the panel's state written in (null: the panel closed), the rest untouched. */
export function writeSearchState(
  params: URLSearchParams,
  state: SearchUrlState | null,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...next.keys()]) {
    if (key === TEXT || key === MODE || key.startsWith(`${TEXT}_`)) next.delete(key);
  }
  if (!state || state.text.trim() === '') return next;
  next.set(TEXT, state.text.trim());
  if (state.mode !== DEFAULT_MODE) next.set(MODE, state.mode);
  for (const filter of SEARCH_MODES[state.mode].filters) {
    for (const value of state.filters[filter.id] ?? []) next.append(filterParam(filter.id), value);
  }
  if (state.page !== undefined && state.page > 1) next.set(PAGE, String(state.page));
  return next;
}
