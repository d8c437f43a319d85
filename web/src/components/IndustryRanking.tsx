import { Link } from 'react-router-dom';
import { ISSUES, type IndustryCompaniesResponse, type IssueKey } from '@upright/contracts';
import { formatPeriod } from '../lib/format';
import { industryRanking } from '../lib/ranking-view';
import { useSession } from '../state/session';
import { RankingTable } from './RankingTable';

/** The ranked companies of an industry with the note saying whose weighting ranks them. */
export function IndustryRanking({
  data,
  bare = false,
}: {
  data: IndustryCompaniesResponse;
  bare?: boolean;
}) {
  const { status } = useSession();
  const industry = data.industryResult;
  if (data.result.none || !data.period) {
    return <p className="muted">No companies are ranked in this industry yet.</p>;
  }
  const { weighting, rows } = industryRanking(data.result);
  const issues =
    industry.industry_values.length > 0
      ? (industry.industry_values.filter((key) =>
          ISSUES.some((issue) => issue.key === key),
        ) as IssueKey[])
      : undefined;
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
            Ranked with the <strong>average priorities of all members</strong>
            {status === 'member' ? ', because you have not saved your own priorities yet. ' : '. '}
            {!bare &&
              (status === 'member' ? (
                <Link to="/account/priorities">Set your priorities</Link>
              ) : (
                <Link to="/account/signup">Join free to rank by your own priorities</Link>
              ))}
          </>
        )}
      </p>
      <RankingTable
        rows={rows}
        caption={`${industry.industry_text}: ${rows.length} companies, ${formatPeriod(data.period)}`}
        rankLabel={weighting === 'personal' ? 'Your rank' : 'Rank'}
        industry={industry.industry}
        issues={issues}
        linkTarget={bare ? '_top' : undefined}
      />
    </>
  );
}
