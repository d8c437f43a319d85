import { PageState } from '../../components/PageState';
import { ReportView } from '../../components/ReportView';
import { usePublished } from '../PublishedReportPage';

/** docs/product/rules.md#s6: the published report's ranking in a bare layout for iframes. */
export default function ReportWidget() {
  const state = usePublished();
  return (
    <PageState state={state} what="the report">
      {(data) =>
        'canonical' in data ? (
          <p>This report has moved.</p>
        ) : (
          <ReportView published={data.published} bare />
        )
      }
    </PageState>
  );
}
