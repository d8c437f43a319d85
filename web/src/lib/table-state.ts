import { ISSUE_KEYS, type IssueKey, type RankMove } from '@upright/contracts';

/** What a ranking table can be sorted by: its rank, an issue column, the name or the move. */
export type SortKey = 'rank' | 'name' | 'move' | IssueKey;
export type SortDirection = 'ascending' | 'descending';

/** The reader's choice on a sortable table; kept in the URL query so it can be shared. */
export interface TableState {
  sort: SortKey;
  dir: SortDirection;
  /** Name filter, matched case-insensitively anywhere in the company name. */
  q: string;
}

export const DEFAULT_TABLE_STATE: TableState = { sort: 'rank', dir: 'ascending', q: '' };

const SORT_KEYS: ReadonlySet<string> = new Set(['rank', 'name', 'move', ...ISSUE_KEYS]);

/** What sorting needs of a row; a RankingRow has all of it. */
export interface SortableRow {
  company_name: string;
  rank: number | null;
  move?: RankMove;
  issueRanks: Record<IssueKey, { rank: number }>;
}

/** `?sort=tax&dir=descending&q=air`; anything unknown falls back to the default. */
export function readTableState(query: URLSearchParams): TableState {
  const sort = query.get('sort') ?? '';
  const dir = query.get('dir');
  return {
    sort: SORT_KEYS.has(sort) ? (sort as SortKey) : DEFAULT_TABLE_STATE.sort,
    dir: dir === 'descending' || dir === 'ascending' ? dir : firstDirection(sort as SortKey),
    q: (query.get('q') ?? '').slice(0, 100),
  };
}

/** The query with the state written in; defaults are left out so plain URLs stay plain. */
export function writeTableState(query: URLSearchParams, state: TableState): URLSearchParams {
  const next = new URLSearchParams(query);
  const set = (name: string, value: string, fallback: string) =>
    value === fallback ? next.delete(name) : next.set(name, value);
  set('sort', state.sort, DEFAULT_TABLE_STATE.sort);
  set('dir', state.dir, firstDirection(state.sort));
  set('q', state.q, '');
  return next;
}

/** Moves read best first as biggest gain first; everything else as rank 1 / A first. */
function firstDirection(sort: SortKey): SortDirection {
  return sort === 'move' ? 'descending' : 'ascending';
}

/** A click on a column header: the same column turns around, another starts its natural way. */
export function toggleSort(state: TableState, sort: SortKey): TableState {
  if (state.sort === sort) {
    return { ...state, dir: state.dir === 'ascending' ? 'descending' : 'ascending' };
  }
  return { ...state, sort, dir: firstDirection(sort) };
}

const byName = new Intl.Collator('en', { sensitivity: 'base' });

/**
 * The rows filtered by name and sorted; ties keep the ranking's order (the sort is stable) and
 * rows without a value (new companies' moves, unranked rows) go last either way.
 */
export function applyTableState<R extends SortableRow>(rows: readonly R[], state: TableState): R[] {
  const needle = state.q.trim().toLocaleLowerCase('en');
  const shown = needle
    ? rows.filter((row) => row.company_name.toLocaleLowerCase('en').includes(needle))
    : [...rows];
  const sign = state.dir === 'ascending' ? 1 : -1;
  if (state.sort === 'name') {
    return shown.sort((a, b) => sign * byName.compare(a.company_name, b.company_name));
  }
  const value = valueOf(state.sort);
  return shown.sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * (x - y);
  });
}

function valueOf(sort: Exclude<SortKey, 'name'>): (row: SortableRow) => number | null {
  if (sort === 'rank') return (row) => row.rank;
  if (sort === 'move') return (row) => row.move ?? null;
  return (row) => row.issueRanks[sort].rank;
}
