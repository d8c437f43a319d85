import { lazy, Suspense } from 'react';
import { api } from '../api/endpoints';
import { useApi } from '../hooks/useApi';
import { PageState } from './PageState';

// Its own chunk, fetched after the ranking: the industry page's first paint does not wait.
const IndustryHistoryChart = lazy(() => import('./IndustryHistoryChart'));

/** The industry's ranking over quarters (docs/product/rules.md#s12). */
export function IndustryHistory({
  industry,
  industryText,
}: {
  industry: string;
  industryText: string;
}) {
  const state = useApi(() => api.industryHistory(industry), [industry]);
  return (
    <section aria-labelledby="industry-history-heading">
      <h2 id="industry-history-heading">The industry over time</h2>
      <PageState state={state} what="the industry's history">
        {(history) => (
          <Suspense fallback={<p className="muted">Loading the chart…</p>}>
            <IndustryHistoryChart history={history} industryText={industryText} />
          </Suspense>
        )}
      </PageState>
    </section>
  );
}
