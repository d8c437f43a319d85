import { Link } from 'react-router-dom';
import type { SiteFacts } from '@upright/contracts';
import { PRODUCT_NAME } from '../lib/constants';
import { OperatorStatement } from './OperatorStatement';
import { formatDate, formatPeriod } from '../lib/format';
import { counted, issuesPhrase, SOURCES_PHRASE } from '../lib/site-statement';

/**
 * What the site is, in the first screen: what is ranked, how many, on what, from
 * which sources and how recent, with the ways into the methodology and the industries.
 */
export function SiteStatement({ facts }: { facts: SiteFacts }) {
  const industries = facts.industries.length;
  return (
    <section className="site-statement" aria-label="What this site is" data-testid="site-statement">
      <p className="statement-lead">
        {PRODUCT_NAME} ranks{' '}
        <strong data-testid="count-companies">
          {counted(facts.companies, 'US company', 'US companies')}
        </strong>{' '}
        against their industry peers, in{' '}
        <strong data-testid="count-industries">
          {counted(industries, 'industry', 'industries')}
        </strong>
        , on <strong data-testid="count-issues">{counted(facts.issues, 'issue', 'issues')}</strong>:{' '}
        {issuesPhrase()}.
      </p>
      <p className="statement-facts">
        <span>Sources: {SOURCES_PHRASE}.</span>{' '}
        <span data-testid="latest-data">
          {facts.period
            ? `Latest data: ${formatPeriod(facts.period)}${facts.updated ? `, updated ${formatDate(facts.updated)}` : ''}.`
            : 'No scores have been published yet.'}
        </span>{' '}
        <OperatorStatement brief />
      </p>
      <p className="statement-links">
        <Link to="/methodology" className="button">
          How the ranking works
        </Link>
        <Link to="/industries" className="button button-secondary">
          All {counted(industries, 'industry', 'industries')}
        </Link>
      </p>
    </section>
  );
}
