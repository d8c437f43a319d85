import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  COMPARE_MAX,
  COMPARE_MIN,
  applicableIssues,
  WebPaths,
  type IndustryCompaniesResponse,
} from '@upright/contracts';
import { formatPeriod } from '../lib/format';
import { industryRanking, type RankingRow } from '../lib/ranking-view';
import { applyTableState, readTableState, writeTableState } from '../lib/table-state';
import { useSession } from '../state/session';
import { RankingCards } from './RankingCards';
import { RankingTable } from './RankingTable';
import { WeightsInEffect } from './WeightsInEffect';

/** The ranked companies of an industry with the note saying whose weighting ranks them. */
export function IndustryRanking({
  data,
  bare = false,
}: {
  data: IndustryCompaniesResponse;
  bare?: boolean;
}) {
  const { status } = useSession();
  const [query, setQuery] = useSearchParams();
  const [chosen, setChosen] = useState<string[]>([]);
  const industry = data.industryResult;
  if (data.result.none || !data.period) {
    return <p className="muted">No companies are ranked in this industry yet.</p>;
  }
  // The industry's issues: the only columns, the only ones counted in coverage and in the sums.
  const issues = applicableIssues(industry.industry_values);
  const { weighting, rows } = industryRanking(data.result, issues, data.moves);
  // The widget shows the ranking as it is; the page lets the reader sort, filter and compare.
  const tableState = readTableState(query);
  const shownRows = bare ? rows : applyTableState(rows, tableState);
  const movesSince = data.previous_period ? formatPeriod(data.previous_period) : undefined;
  // One choice of companies to compare, ticked in the table's column or on a card.
  const comparePick = (row: RankingRow, onCard: boolean) => (
    <label className={onCard ? 'compare-pick compare-pick-card' : 'compare-pick'}>
      <input
        type="checkbox"
        checked={chosen.includes(row.slug)}
        disabled={!chosen.includes(row.slug) && chosen.length >= COMPARE_MAX}
        onChange={(event) =>
          setChosen((now) =>
            event.target.checked ? [...now, row.slug] : now.filter((slug) => slug !== row.slug),
          )
        }
      />
      {onCard ? (
        // The visible word starts the name (axe: label-content-name-mismatch).
        <>
          Compare<span className="visually-hidden"> {row.company_name}</span>
        </>
      ) : (
        <span className="visually-hidden">Add {row.company_name} to comparison</span>
      )}
    </label>
  );
  return (
    <>
      <p className="weighting-note" data-testid="weighting-note">
        {weighting === 'personal' ? (
          <>
            Ranked by <strong>your priorities</strong>.{' '}
            {!bare && <Link to="/account/priorities">Change your priorities</Link>}
          </>
        ) : (
          <>
            {/* The label names the weights really used (rules §16). */}
            Ranked with{' '}
            <Link to="/methodology#crowd">
              <strong>
                {data.basis === 'equal' ? 'equal weights' : "the members' average priorities"}
              </strong>
            </Link>
            <WeightsInEffect basis={data.basis} />
            {data.basis === 'equal' &&
              ' (every issue counts the same until enough members have set their own priorities)'}
            {status === 'member' ? ', because you have not saved your own priorities yet. ' : '. '}
            {!bare &&
              (status === 'member' ? (
                <Link to="/account/priorities">Set your priorities</Link>
              ) : (
                <Link to="/account/signup">Join free to rank by your own priorities</Link>
              ))}
          </>
        )}
        {!bare && (
          <>
            {' '}
            <Link to="/methodology">How rankings are computed</Link>
          </>
        )}
      </p>
      {!bare && (
        <CompareBar industry={industry.industry} chosen={chosen} onClear={() => setChosen([])} />
      )}
      {!bare && (
        <RankingCards
          rows={shownRows}
          industry={industry.industry}
          issues={issues}
          movesSince={movesSince}
          compare={(row) => comparePick(row, true)}
        />
      )}
      <RankingTable
        rows={shownRows}
        caption={`${industry.industry_text}: ${rows.length} companies, ${formatPeriod(data.period)}`}
        rankLabel={weighting === 'personal' ? 'Your rank' : 'Rank'}
        industry={industry.industry}
        issues={issues}
        linkTarget={bare ? '_top' : undefined}
        sortable={
          bare
            ? undefined
            : {
                state: tableState,
                onChange: (next) => setQuery(writeTableState(query, next), { replace: true }),
                movesSince,
              }
        }
        rowAction={
          bare ? undefined : { label: 'Compare', render: (row) => comparePick(row, false) }
        }
      />
    </>
  );
}

/** "Add to comparison": the chosen companies open the comparison page, whose URL is the choice. */
function CompareBar({
  industry,
  chosen,
  onClear,
}: {
  industry: string;
  chosen: string[];
  onClear: () => void;
}) {
  const ready = chosen.length >= COMPARE_MIN;
  return (
    <p className="compare-bar" aria-live="polite">
      {chosen.length === 0 ? (
        <span className="muted">
          Tick {COMPARE_MIN} to {COMPARE_MAX} companies under Compare to see them side by side.
        </span>
      ) : (
        <>
          {chosen.length} of {COMPARE_MAX} chosen.{' '}
          {ready ? (
            <Link to={WebPaths.compare(industry, chosen)}>Compare them side by side</Link>
          ) : (
            <span className="muted">Choose at least {COMPARE_MIN}.</span>
          )}{' '}
          <button type="button" className="link-button" onClick={onClear}>
            Clear
          </button>
        </>
      )}
    </p>
  );
}
