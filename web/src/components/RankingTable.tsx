import { ISSUES, WebPaths, type IssueKey } from '@upright/contracts';
import { formatRank } from '../lib/format';
import { PrefetchLink } from './PrefetchLink';

/** What every ranked row carries: the company, its issue ranks and one combined rank. */
export interface RankingRow {
  upright_cid: string;
  company_name: string;
  slug: string;
  industry: string;
  rank: number | null;
  tied: boolean | null;
  issueRanks: Record<IssueKey, { rank: number; tied: boolean }>;
}

export function issueRanksOf(company: Record<string, unknown>): RankingRow['issueRanks'] {
  return Object.fromEntries(
    ISSUES.map((issue) => [
      issue.key,
      { rank: company[`${issue.key}_rank`] as number, tied: company[`${issue.key}_tied`] === true },
    ]),
  ) as RankingRow['issueRanks'];
}

/**
 * A ranking with one column per issue (per-issue rank, "T" marks a tie). `highlight` emphasises
 * the issue a report ranks on. Companies link to their page within `industry`.
 */
export function RankingTable({
  rows,
  caption,
  rankLabel,
  industry,
  issues = ISSUES.map((issue) => issue.key),
  highlight,
  linkTarget,
}: {
  rows: RankingRow[];
  caption: string;
  rankLabel: string;
  industry: string;
  issues?: readonly IssueKey[];
  highlight?: IssueKey;
  /** Widgets open links in the embedding page's parent. */
  linkTarget?: '_top';
}) {
  const shown = ISSUES.filter((issue) => issues.includes(issue.key));
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="ranking-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{rankLabel}</th>
            <th scope="col">Company</th>
            {shown.map((issue) => (
              <th
                scope="col"
                key={issue.key}
                className={issue.key === highlight ? 'is-highlight' : undefined}
              >
                {issue.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.upright_cid}>
              <td className="rank-cell">{formatRank(row.rank, row.tied)}</td>
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
                <td
                  key={issue.key}
                  className={issue.key === highlight ? 'is-highlight' : undefined}
                >
                  {formatRank(row.issueRanks[issue.key].rank, row.issueRanks[issue.key].tied)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="table-note muted">
        Rank 1 is best. &quot;T&quot; marks a tie: companies with equal scores share a rank.
      </p>
    </div>
  );
}
