import { api } from '../api/endpoints';
import { useApi } from '../hooks/useApi';
import IndustryHistoryChart from './IndustryHistoryChart';
import { PageState } from './PageState';

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
          // In the page's chunk: see CompanyHistory.
          <IndustryHistoryChart history={history} industryText={industryText} />
        )}
      </PageState>
    </section>
  );
}
