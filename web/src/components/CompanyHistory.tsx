import type { Company, IssueKey } from '@upright/contracts';
import { api } from '../api/endpoints';
import { useApi } from '../hooks/useApi';
import HistoryChart from './HistoryChart';
import { PageState } from './PageState';

/** The company's rank over quarters in the page's industry (docs/product/rules.md#s12). */
export function CompanyHistory({
  industry,
  company,
  issues,
}: {
  industry: string;
  company: Company;
  /** The issues of the industry (decision 0054): the only ones the picker offers. */
  issues?: readonly IssueKey[];
}) {
  const state = useApi(() => api.companyHistory(industry, company.slug), [industry, company.slug]);
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">Rank over time</h2>
      <PageState state={state} what="the rank history">
        {(history) => (
          // In the page's chunk, not one of its own: the chart arrives drawn by the server, and a
          // chunk still loading would leave it unadopted while the page runs (decision 0039).
          <HistoryChart
            points={history.points}
            company={company}
            companyName={company.company_name}
            issues={issues}
          />
        )}
      </PageState>
    </section>
  );
}
