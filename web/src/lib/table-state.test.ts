import { describe, expect, it } from 'vitest';
import { ISSUE_KEYS, type IssueKey } from '@upright/contracts';
import {
  DEFAULT_TABLE_STATE,
  applyTableState,
  readTableState,
  toggleSort,
  writeTableState,
  type SortableRow,
} from './table-state';

function row(name: string, rank: number | null, move: number | null, tax = 1): SortableRow {
  const issueRanks = Object.fromEntries(
    ISSUE_KEYS.map((key) => [key, { rank: key === 'tax' ? tax : 1 }]),
  ) as Record<IssueKey, { rank: number }>;
  return { company_name: name, rank, move, issueRanks };
}

const rows = [row('Bravo', 1, 2, 3), row('alpha', 2, null, 1), row('Charlie', 3, -1, 2)];
const names = (list: SortableRow[]) => list.map((r) => r.company_name);

describe('table state in the URL', () => {
  it('reads the defaults from an empty query and leaves them out when written', () => {
    expect(readTableState(new URLSearchParams(''))).toEqual(DEFAULT_TABLE_STATE);
    expect(writeTableState(new URLSearchParams('c=x'), DEFAULT_TABLE_STATE).toString()).toBe('c=x');
  });

  it('round-trips a chosen state and keeps other parameters', () => {
    const state = { sort: 'tax' as const, dir: 'descending' as const, q: 'air' };
    const query = writeTableState(new URLSearchParams('other=1'), state);
    expect(query.get('other')).toBe('1');
    expect(readTableState(query)).toEqual(state);
  });

  it('ignores unknown sort keys and directions', () => {
    expect(readTableState(new URLSearchParams('sort=evil&dir=up'))).toEqual(DEFAULT_TABLE_STATE);
  });

  it('starts moves biggest gain first and turns a column around on a second click', () => {
    const move = toggleSort(DEFAULT_TABLE_STATE, 'move');
    expect(move.dir).toBe('descending');
    expect(toggleSort(move, 'move').dir).toBe('ascending');
    expect(toggleSort(move, 'name').dir).toBe('ascending');
  });
});

describe('applyTableState', () => {
  it('sorts by an issue column either way', () => {
    expect(names(applyTableState(rows, { ...DEFAULT_TABLE_STATE, sort: 'tax' }))).toEqual([
      'alpha',
      'Charlie',
      'Bravo',
    ]);
    expect(
      names(applyTableState(rows, { ...DEFAULT_TABLE_STATE, sort: 'tax', dir: 'descending' })),
    ).toEqual(['Bravo', 'Charlie', 'alpha']);
  });

  it('sorts by move with new companies last in both directions', () => {
    const down = applyTableState(rows, { ...DEFAULT_TABLE_STATE, sort: 'move', dir: 'descending' });
    expect(names(down)).toEqual(['Bravo', 'Charlie', 'alpha']);
    const up = applyTableState(rows, { ...DEFAULT_TABLE_STATE, sort: 'move', dir: 'ascending' });
    expect(names(up)).toEqual(['Charlie', 'Bravo', 'alpha']);
  });

  it('sorts by name ignoring case, and filters by name anywhere in it', () => {
    expect(names(applyTableState(rows, { ...DEFAULT_TABLE_STATE, sort: 'name' }))).toEqual([
      'alpha',
      'Bravo',
      'Charlie',
    ]);
    expect(names(applyTableState(rows, { ...DEFAULT_TABLE_STATE, q: ' AR ' }))).toEqual([
      'Charlie',
    ]);
  });

  it('keeps the ranking order among equal values', () => {
    const tied = [row('Z', 1, 0), row('A', 1, 0)];
    expect(names(applyTableState(tied, { ...DEFAULT_TABLE_STATE, sort: 'move' }))).toEqual([
      'Z',
      'A',
    ]);
  });
});
