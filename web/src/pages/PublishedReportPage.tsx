import { Navigate, useParams } from 'react-router-dom';
import { WebPaths } from '@upright/contracts';
import { api, unwrapPublished } from '../api/endpoints';
import { EmbedThis } from '../components/EmbedThis';
import { PageState } from '../components/PageState';
import { ReportView } from '../components/ReportView';
import { useApi } from '../hooks/useApi';
import { useRouteTitle } from '../hooks/useRouteTitle';
import NotFoundPage from './NotFoundPage';

/** Shared by the report page and its widget: loads the report and titles the document. */
export function usePublished() {
  const { id = '', date = '', slug = '' } = useParams();
  const state = useApi(() => api.published(id, date, slug).then(unwrapPublished), [id, date, slug]);
  // An old address (a move) is titled by the page it moves to.
  useRouteTitle(
    state.kind === 'ready' && 'published' in state.data ? [state.data.published] : null,
  );
  return state;
}

export default function PublishedReportPage() {
  const state = usePublished();
  // A malformed id, date or slug names no report either (the server answers 404 too).
  if (state.kind === 'error' && (state.status === 404 || state.status === 400))
    return <NotFoundPage />;
  return (
    <PageState state={state} what="the report">
      {(data) =>
        'canonical' in data ? (
          <Navigate
            replace
            to={WebPaths.report(
              String(data.canonical.report_id),
              data.canonical.published_date,
              data.canonical.slug,
            )}
          />
        ) : (
          <>
            <ReportView published={data.published} />
            <EmbedThis
              widgetPath={`/widgets${data.published.canonical}`}
              title={data.published.report.title}
            />
          </>
        )
      }
    </PageState>
  );
}
