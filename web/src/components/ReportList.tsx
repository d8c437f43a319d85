import type { ReportSummary } from '@upright/contracts';
import { formatDate, formatPeriod, issueLabel } from '../lib/format';
import { PrefetchLink } from './PrefetchLink';

export function ReportList({
  reports,
  headingLevel = 3,
}: {
  reports: ReportSummary[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (reports.length === 0) return <p className="muted">No reports yet.</p>;
  return (
    <ul className="report-list">
      {reports.map((report) => (
        <li key={report.report_id} className="report-card">
          <Heading className="report-card-title">
            <PrefetchLink to={report.path}>{report.title}</PrefetchLink>
          </Heading>
          <p className="muted">
            {issueLabel(report.value)} · {formatPeriod(report)} · Published{' '}
            {formatDate(report.published_date)}
            {report.archived ? ' · archived' : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}
