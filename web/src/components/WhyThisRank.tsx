import {
  explainRank,
  ISSUES,
  issueWeightsOf,
  WEIGHTS_LABEL,
  type IssueKey,
  type RankExplanation,
  type WeightsBasis,
} from '@upright/contracts';
import { Link } from 'react-router-dom';
import { api } from '../api/endpoints';
import { useApi } from '../hooks/useApi';
import { describeRank } from '../lib/format';

const LABEL_OF = new Map<IssueKey, string>(ISSUES.map((issue) => [issue.key, issue.label]));

/** Points with at most two decimals, as the sums are computed (rules §5 rule 8). */
function points(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

function signed(value: number): string {
  return value > 0 ? `+${points(value)}` : value < 0 ? `−${points(-value)}` : '0';
}

interface Explained {
  explanation: RankExplanation;
  basis: WeightsBasis;
  best: number;
  worst: number;
}

/**
 * The ranking being explained is the one the reader sees (rules §16): a member with saved
 * priorities gets their own, weighed in the browser from the industry's issue ranks with the
 * engine's own arithmetic; everyone else gets the visitors' weights the server ranked with.
 */
async function loadWhy(industry: string, company: string, personal: boolean): Promise<Explained> {
  const why = await api.why(industry, company);
  const visitor = { best: why.best, worst: why.worst };
  if (!personal) return { explanation: why.explanation, basis: why.basis, ...visitor };
  const [priorities, ranking] = await Promise.all([
    api.priorities(),
    api.industryCompanies(industry),
  ]);
  const explanation = explainRank(
    ranking.result.ranked,
    issueWeightsOf(priorities.values),
    why.applicable_issues,
    why.upright_cid,
  );
  if (explanation === null) return { explanation: why.explanation, basis: why.basis, ...visitor };
  // The 0/10 range was worked out around the visitors' rank; it also holds the member's own.
  return {
    explanation,
    basis: 'personal',
    best: Math.min(why.best, explanation.rank),
    worst: Math.max(why.worst, explanation.rank),
  };
}

/**
 * A bar per applicable issue with its weight (the bars are the table's own numbers drawn, so the
 * table is their text alternative), the gap to #1 and to the median in weighted points, and the
 * issues that make most of the gap. Only the applicable issues make the sum (rules §5 rule 5), so
 * the rows add up to the total shown below them.
 */
export function WhyThisRank({
  industry,
  company,
  personal,
}: {
  industry: string;
  company: string;
  /** The reader is a member ranked by their own priorities. */
  personal: boolean;
}) {
  const state = useApi(() => loadWhy(industry, company, personal), [industry, company, personal]);
  if (state.kind !== 'ready') return null;
  const { explanation: why, basis, best, worst } = state.data;
  const widest = Math.max(...why.bars.map((bar) => bar.points), 0);
  const main = why.main_gap_issues.map((key) => LABEL_OF.get(key)!);
  return (
    <section aria-labelledby="why-heading" className="why-this-rank">
      <h2 id="why-heading">Why this rank</h2>
      <p data-testid="why-weights">
        Ranked with <strong>{WEIGHTS_LABEL[basis]}</strong>: this company is{' '}
        {describeRank(why.rank, why.tied, why.lowestRank)}, with {points(why.raw)} weighted points
        (each issue&apos;s rank × its weight; fewer is better).{' '}
        <Link to="/methodology#example-heading">How rankings are computed</Link>
      </p>
      <p data-testid="why-gaps">
        {why.gap_to_first === 0 ? (
          <>It has the fewest points in the industry.</>
        ) : (
          <>
            #1 is {why.first.company_name} with {points(why.first.raw)} points: this company is{' '}
            <strong>{points(why.gap_to_first)} points behind #1</strong>
            {main.length > 0 && <>, most of it on {main.join(', ')}</>}.
          </>
        )}{' '}
        The industry&apos;s median is {points(why.median_raw)} points (
        {why.gap_to_median <= 0
          ? `${points(-why.gap_to_median)} better than the median`
          : `${points(why.gap_to_median)} behind the median`}
        ). Weighting the issues differently (each at 0 or 10) it would rank between{' '}
        <strong>{best}</strong> and <strong>{worst}</strong>.
      </p>
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="why-caption">
        <table className="ranking-table why-bars" data-testid="why-bars">
          <caption id="why-caption">
            Weighted points per issue ({WEIGHTS_LABEL[basis]}; fewer is better)
          </caption>
          <thead>
            <tr>
              <th scope="col">Issue</th>
              <th scope="col">Weight</th>
              <th scope="col">Rank</th>
              <th scope="col">Points</th>
              <th scope="col">vs #1</th>
              <th scope="col">vs median</th>
            </tr>
          </thead>
          <tbody>
            {why.bars.map((bar) => (
              <tr key={bar.issue} data-issue={bar.issue}>
                <th scope="row">{LABEL_OF.get(bar.issue)}</th>
                <td>{points(bar.weight)}</td>
                <td>{bar.rank}</td>
                <td>
                  <svg
                    className="why-bar"
                    viewBox="0 0 100 8"
                    width="100"
                    height="8"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <rect
                      width={widest === 0 ? 0 : (bar.points / widest) * 100}
                      height="8"
                      fill="currentColor"
                    />
                  </svg>{' '}
                  {points(bar.points)}
                </td>
                <td>{signed(bar.gap_to_first)}</td>
                <td>{signed(bar.gap_to_median)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="why-total">
              <th scope="row" colSpan={3}>
                Total ({why.bars.length} {why.bars.length === 1 ? 'issue applies' : 'issues apply'}{' '}
                to this industry)
              </th>
              <td>{points(why.raw)}</td>
              <td>{signed(why.gap_to_first)}</td>
              <td>{signed(why.gap_to_median)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
