import type { IssueKey } from '@upright/contracts';
import { api } from '../api/endpoints';
import { useApi } from '../hooks/useApi';
import IndustryHistoryChart from './IndustryHistoryChart';
import { PageState } from './PageState';

/** The industry's ranking over quarters (docs/product/rules.md#s12). */
export function IndustryHistory({
  industry,
  industryText,
  issues,
}: {
  industry: string;
  industryText: string;
  /** The issues of the industry (decision 0054): the only ones the picker offers. */
  issues?: readonly IssueKey[];
}) {
  const state = useApi(() => api.industryHistory(industry), [industry]);
  return (
    <section aria-labelledby="industry-history-heading">
      <h2 id="industry-history-heading">The industry over time</h2>
      <PageState state={state} what="the industry's history">
        {(history) => (
          // In the page's chunk: see CompanyHistory.
          <IndustryHistoryChart history={history} industryText={industryText} issues={issues} />
        )}
      </PageState>
    </section>
  );
}
