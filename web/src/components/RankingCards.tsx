import type { ReactNode } from 'react';
import { ISSUES, WebPaths, type IssueKey } from '@upright/contracts';
import { RankBadge } from '../design';
import { describeRank } from '../lib/format';
import { bestAndWorstIssues, rankField, type RankingRow } from '../lib/ranking-view';
import { PrefetchLink } from './PrefetchLink';

const LABEL_OF = new Map<IssueKey, string>(ISSUES.map((issue) => [issue.key, issue.label]));

/**
 * The phone's answer to an industry page (decision 0056): one card per company with its rank, its
 * move, its best and worst issue and a tap to compare, instead of a table a phone shows one issue
 * column of at a time. Rendered beside the table and shown instead of it on narrow screens by CSS
 * alone, so the server's HTML is already right for the phone.
 */
export function RankingCards({
  rows,
  industry,
  issues,
  movesSince,
  compare,
}: {
  rows: RankingRow[];
  industry: string;
  issues: readonly IssueKey[];
  movesSince?: string;
  /** The card's "Compare" control (the same choice as the table's column). */
  compare: (row: RankingRow) => ReactNode;
}) {
  const field = rankField(rows);
  return (
    <ol className="ranking-cards" data-testid="ranking-cards" aria-label="Companies ranked">
      {rows.map((row) => {
        const ends = bestAndWorstIssues(row.issueRanks, issues);
        const rankOn = (key: IssueKey) =>
          describeRank(row.issueRanks[key].rank, row.issueRanks[key].tied, field);
        return (
          <li key={row.upright_cid} className="ranking-card" data-testid="ranking-card">
            {/* The page's next level under its h1: a card is a company of the industry. */}
            <h2 className="ranking-card-name">
              <PrefetchLink to={WebPaths.company(industry, row.slug)}>
                {row.company_name}
              </PrefetchLink>
            </h2>
            <RankBadge
              rank={row.rank}
              tied={row.tied}
              of={field}
              move={movesSince === undefined ? undefined : (row.move ?? null)}
              movesSince={movesSince}
            />
            {ends && (
              <p className="ranking-card-ends">
                {row.issueRanks[ends.best].rank === row.issueRanks[ends.worst].rank ? (
                  <>Same rank on every issue: {rankOn(ends.best)}</>
                ) : (
                  <>
                    Best: <strong>{LABEL_OF.get(ends.best)}</strong> ({rankOn(ends.best)})
                    <br />
                    Worst: <strong>{LABEL_OF.get(ends.worst)}</strong> ({rankOn(ends.worst)})
                  </>
                )}
              </p>
            )}
            <div className="ranking-card-compare">{compare(row)}</div>
          </li>
        );
      })}
    </ol>
  );
}
