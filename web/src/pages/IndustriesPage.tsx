import { WebPaths } from '@upright/contracts';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { api } from '../api/endpoints';
import { PageState } from '../components/PageState';
import { PrefetchLink } from '../components/PrefetchLink';
import { useApi } from '../hooks/useApi';
import { useRouteTitle } from '../hooks/useRouteTitle';
import { PRODUCT_NAME } from '../lib/constants';
import { formatPeriod } from '../lib/format';
import { counted } from '../lib/site-statement';

/**
 * `/industries`: every active industry with what it covers, how many companies
 * it ranks on how many issues, and the ways into its ranking and its comparison.
 */
export default function IndustriesPage() {
  useRouteTitle();
  const state = useApi(api.facts, []);
  const { hash } = useLocation();
  // COMPARE leads to #compare: the router does not scroll to a fragment, so the page does once
  // the list it names is there.
  useEffect(() => {
    if (state.kind === 'ready' && hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [state.kind, hash]);
  return (
    <>
      <h1>Industries</h1>
      <p className="lead">
        {PRODUCT_NAME} ranks each company against the others in its industry, never across
        industries: an oil company is compared with oil companies. Pick an industry to see its
        ranking, or compare two to four of its companies side by side (
        <Link to="/methodology">how the ranking works</Link>).
      </p>
      <PageState state={state} what="the industries">
        {(facts) => (
          <ul className="card-grid industry-cards" id="compare" data-testid="industry-index">
            {facts.industries.map((industry) => (
              <li key={industry.industry} className="card industry-card">
                <h2 className="industry-card-title">
                  <PrefetchLink to={WebPaths.industry(industry.industry)}>
                    {industry.industry_text}
                  </PrefetchLink>
                </h2>
                <p className="industry-card-facts">
                  <span className="pill">
                    {counted(industry.companies, 'company', 'companies')}
                  </span>{' '}
                  <span className="pill">
                    {industry.issues} of {facts.issues} issues
                  </span>{' '}
                  {industry.period && <span className="pill">{formatPeriod(industry.period)}</span>}
                </p>
                <p className="industry-card-definition">{industry.definition}</p>
                {industry.companies >= 2 && (
                  <p className="industry-card-links">
                    <Link to={WebPaths.compare(industry.industry, [])}>
                      Compare {industry.industry_text} companies
                    </Link>
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </PageState>
    </>
  );
}
