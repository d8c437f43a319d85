import { useParams } from 'react-router-dom';
import { applicableIssues, WebPaths } from '@upright/contracts';
import { api, apiPaths } from '../api/endpoints';
import { EmbedThis } from '../components/EmbedThis';
import { IndustryHistory } from '../components/IndustryHistory';
import { IndustryRanking } from '../components/IndustryRanking';
import { OpenDataLinks } from '../components/OpenDataLinks';
import { PageState } from '../components/PageState';
import { useApi } from '../hooks/useApi';
import { useRouteTitle } from '../hooks/useRouteTitle';
import { formatPeriod } from '../lib/format';
import { useSession } from '../state/session';
import NotFoundPage from './NotFoundPage';

/** Shared by the industry page and its widget: loads the ranking and titles the document. */
export function useIndustryRanking() {
  const { industry = '' } = useParams();
  const { viewerChanges } = useSession();
  // The ranking depends on who asks (visitor averages or the member's own weighting).
  const state = useApi(() => api.industryCompanies(industry), [industry, viewerChanges]);
  useRouteTitle(state.kind === 'ready' ? [state.data] : null);
  return state;
}

export default function IndustryPage() {
  const state = useIndustryRanking();
  if (state.kind === 'error' && (state.status === 404 || state.status === 400))
    return <NotFoundPage />;
  return (
    <PageState state={state} what="the industry ranking">
      {(data) => (
        <>
          <h1>{data.industryResult.industry_text}</h1>
          <p>{data.industryResult.definition}</p>
          {data.industryResult.industry_alts.length > 0 && (
            <p className="muted">Also known as: {data.industryResult.industry_alts.join(', ')}</p>
          )}
          <IndustryRanking data={data} />
          {data.period && (
            <OpenDataLinks
              what={`this ranking (${formatPeriod(data.period)})`}
              href={(format) =>
                apiPaths.openIndustry(data.industryResult.industry, format, data.period!)
              }
              fileName={`${data.industryResult.industry}-${data.period.period_year}-q${data.period.period_qrt}`}
            />
          )}
          <EmbedThis
            widgetPath={`/widgets${WebPaths.industry(data.industryResult.industry)}`}
            title={`${data.industryResult.industry_text} ranking`}
          />
          {data.period && (
            <IndustryHistory
              industry={data.industryResult.industry}
              industryText={data.industryResult.industry_text}
              issues={applicableIssues(data.industryResult.industry_values)}
            />
          )}
        </>
      )}
    </PageState>
  );
}
