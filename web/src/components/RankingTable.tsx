import type { ReactNode } from 'react';
import { ISSUES, WebPaths, type IssueKey, type RankMove } from '@upright/contracts';
import { DISCLOSURE_DEPENDENT_WORDS, formatMove, ISSUE_DATA_NOTE } from '../lib/format';
import { rankField, type RankingRow } from '../lib/ranking-view';
import { toggleSort, type SortKey, type TableState } from '../lib/table-state';
import { RankCell } from '../design';
import { PrefetchLink } from './PrefetchLink';

/** A table the reader can sort and filter; its state lives in the URL (see table-state). */
export interface SortableTable {
  state: TableState;
  onChange: (state: TableState) => void;
  /** "Q4 2025": the period moves are counted from; no move column without it. */
  movesSince?: string;
}

/**
 * A ranking with one column per issue (per-issue rank, "T" marks a tie; a rank that comes from a
 * missing score or the private-company rule says so). `highlight` emphasises the issue a report
 * ranks on. Companies link to their page within `industry`. With `sortable`, headers sort.
 */
export function RankingTable({
  rows,
  caption,
  rankLabel,
  industry,
  issues = ISSUES.map((issue) => issue.key),
  highlight,
  linkTarget,
  sortable,
  rowAction,
}: {
  rows: RankingRow[];
  caption: string;
  rankLabel: string;
  industry: string;
  issues?: readonly IssueKey[];
  highlight?: IssueKey;
  /** Widgets open links in the embedding page's parent. */
  linkTarget?: '_top';
  sortable?: SortableTable;
  /** A last cell per row (the industry page's "Add to comparison"). */
  rowAction?: { label: string; render: (row: RankingRow) => ReactNode };
}) {
  const shown = ISSUES.filter((issue) => issues.includes(issue.key));
  const header = (key: SortKey, label: string, className?: string) => {
    if (!sortable) {
      return (
        <th scope="col" key={key} className={className}>
          {label}
        </th>
      );
    }
    const active = sortable.state.sort === key;
    return (
      <th
        scope="col"
        key={key}
        className={className}
        aria-sort={active ? sortable.state.dir : 'none'}
      >
        <button
          type="button"
          className="sort-button"
          onClick={() => sortable.onChange(toggleSort(sortable.state, key))}
        >
          {label}
          <span aria-hidden="true" className="sort-mark">
            {active ? (sortable.state.dir === 'ascending' ? ' ▲' : ' ▼') : ' ⇅'}
          </span>
        </button>
      </th>
    );
  };
  const showMoves = sortable?.movesSince !== undefined;
  const field = rankField(rows);
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      {sortable && (
        <p className="table-filter">
          <label>
            Filter by name{' '}
            <input
              type="search"
              value={sortable.state.q}
              onChange={(event) => sortable.onChange({ ...sortable.state, q: event.target.value })}
            />
          </label>{' '}
          <span className="muted" aria-live="polite">
            {rows.length} shown
          </span>
        </p>
      )}
      <table className="ranking-table" data-testid="ranking-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {header('rank', rankLabel)}
            {showMoves && header('move', `Move since ${sortable!.movesSince}`)}
            {header('name', 'Company', 'company-col')}
            {shown.map((issue) =>
              header(issue.key, issue.label, issue.key === highlight ? 'is-highlight' : undefined),
            )}
            <th scope="col">Data</th>
            {rowAction && (
              <th scope="col" className="row-action">
                {rowAction.label}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.upright_cid}>
              <RankCell className="rank-cell" rank={row.rank} tied={row.tied} of={field} />
              {showMoves && <MoveCell move={row.move ?? null} />}
              <th scope="row">
                {linkTarget ? (
                  <a href={WebPaths.company(industry, row.slug)} target={linkTarget}>
                    {row.company_name}
                  </a>
                ) : (
                  <PrefetchLink to={WebPaths.company(industry, row.slug)}>
                    {row.company_name}
                  </PrefetchLink>
                )}
              </th>
              {shown.map((issue) => (
                <RankCell
                  key={issue.key}
                  className={issue.key === highlight ? 'is-highlight' : undefined}
                  rank={row.issueRanks[issue.key].rank}
                  tied={row.issueRanks[issue.key].tied}
                  of={field}
                >
                  {row.issueData[issue.key] !== 'scored' && (
                    <span className="data-note">
                      {' '}
                      {ISSUE_DATA_NOTE[row.issueData[issue.key]]}
                      {issue.key === 'climate' && row.issueData.climate === 'no_data'
                        ? ' (counted as 1500)'
                        : ''}
                    </span>
                  )}
                </RankCell>
              ))}
              <td className="coverage">
                {row.coverage} of {shown.length}
                <span className="visually-hidden"> issues that apply with data</span>
              </td>
              {rowAction && <td className="row-action">{rowAction.render(row)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="table-note muted">
        Rank 1 is best. &quot;T&quot; marks a tie: companies with equal scores share a rank.
        &quot;No data&quot;: the score is missing, so the rank is the lowest (climate: counted as
        1500). &quot;Not disclosed&quot;: a private company without alternative or self-reporting
        takes the lowest rank on {DISCLOSURE_DEPENDENT_WORDS}. Data: issues of the {shown.length}{' '}
        that apply to this industry with a score.
      </p>
    </div>
  );
}

function MoveCell({ move }: { move: RankMove }) {
  const { mark, words } = formatMove(move);
  return (
    <td
      className={`move-cell${move === null ? '' : move > 0 ? ' is-up' : move < 0 ? ' is-down' : ''}`}
    >
      <span aria-hidden="true">{mark}</span>
      <span className="visually-hidden">{words}</span>
    </td>
  );
}
