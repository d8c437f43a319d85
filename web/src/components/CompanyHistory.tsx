import { lazy, Suspense } from 'react';
import type { Company } from '@upright/contracts';
import { api } from '../api/endpoints';
import { useApi } from '../hooks/useApi';
import { PageState } from './PageState';

// Its own chunk: the company page's first paint does not wait for the chart (decision 0024).
const HistoryChart = lazy(() => import('./HistoryChart'));

/** The company's rank over quarters in the page's industry (docs/product/rules.md#s12). */
export function CompanyHistory({ industry, company }: { industry: string; company: Company }) {
  const state = useApi(() => api.companyHistory(industry, company.slug), [industry, company.slug]);
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">Rank over time</h2>
      <PageState state={state} what="the rank history">
        {(history) => (
          <Suspense fallback={<p className="muted">Loading the chart…</p>}>
            <HistoryChart
              points={history.points}
              company={company}
              companyName={company.company_name}
            />
          </Suspense>
        )}
      </PageState>
    </section>
  );
}
