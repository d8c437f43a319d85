import { ISSUES } from '@upright/contracts';
import { Link } from 'react-router-dom';
import { api } from '../api/endpoints';
import { useApi } from '../hooks/useApi';

/**
 * Issue 15 "why this rank": what each issue adds to the company's weighted sum (members'
 * average priorities), and how far other weightings could move its rank.
 */
export function WhyThisRank({ industry, company }: { industry: string; company: string }) {
  const state = useApi(() => api.why(industry, company), [industry, company]);
  if (state.kind !== 'ready') return null;
  const why = state.data;
  return (
    <section aria-labelledby="why-heading" className="why-this-rank">
      <h2 id="why-heading">Why this rank</h2>
      <p>
        With members&apos; average priorities this company ranks {why.rank} of {why.lowestRank}.
        Weighting the issues differently (each at 0 or 10) it would rank between{' '}
        <strong>{why.best}</strong> and <strong>{why.worst}</strong>.{' '}
        <Link to="/methodology">How rankings are computed</Link>
      </p>
      <table className="ranking-table">
        <caption>What each issue adds to the weighted sum (lower is better)</caption>
        <thead>
          <tr>
            <th scope="col">Issue</th>
            <th scope="col">Rank × weight</th>
          </tr>
        </thead>
        <tbody>
          {ISSUES.map((issue) => (
            <tr key={issue.key}>
              <th scope="row">{issue.label}</th>
              <td>{why.contributions[issue.key].toFixed(2)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Weighted sum</th>
            <td>{why.raw.toFixed(2)}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
