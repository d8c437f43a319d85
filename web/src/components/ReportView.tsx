import { markdownBlocks, WebPaths, type PublishedReport } from '@upright/contracts';
import { formatDate, formatPeriod, issueLabel } from '../lib/format';
import { reportRows } from '../lib/ranking-view';
import { apiPaths } from '../api/endpoints';
import { OpenDataLinks } from './OpenDataLinks';
import { PrefetchLink } from './PrefetchLink';
import { RankingTable } from './RankingTable';
import { ReportList } from './ReportList';

/** A published report: copy, frozen ranking with per-issue ranks, sources, correction link. */
export function ReportView({
  published,
  bare = false,
}: {
  published: PublishedReport;
  bare?: boolean;
}) {
  const { report, rankings, sources, majorItems } = published;
  const highlight = report.value === 'overall' ? undefined : report.value;
  const correction = `${WebPaths.contact()}?report=${encodeURIComponent(report.title)}&path=${encodeURIComponent(published.canonical || report.path)}`;
  return (
    <article className="report">
      <h1>{report.title}</h1>
      <p className="muted">
        {issueLabel(report.value)} · {formatPeriod(report)} · Published{' '}
        {formatDate(report.published_date)}
        {report.archived ? ' · archived' : ''}
      </p>
      {!bare &&
        markdownBlocks(report.report ?? '').map((block, index) =>
          block.kind === 'heading' ? (
            <h2 key={index}>{block.text}</h2>
          ) : block.kind === 'list' ? (
            <ul key={index}>
              {block.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : (
            <p key={index}>{block.text}</p>
          ),
        )}
      {rankings ? (
        <RankingTable
          rows={reportRows(rankings.rankings, report.value)}
          caption={`${issueLabel(report.value)} ranking, ${formatPeriod(rankings.period)} (lowest rank ${rankings.lowestRank})`}
          rankLabel={
            report.value === 'overall' ? 'Overall rank' : `${issueLabel(report.value)} rank`
          }
          industry={report.industry}
          highlight={highlight}
          linkTarget={bare ? '_top' : undefined}
        />
      ) : (
        <p className="muted">This report&apos;s ranking is not available.</p>
      )}
      {!bare && rankings && (
        <OpenDataLinks
          what="this report's ranking"
          href={(format) => apiPaths.openReport(report.report_id, format)}
          fileName={report.slug}
        />
      )}
      {!bare && majorItems && majorItems.items.length > 0 && (
        <section aria-labelledby="major-items-heading">
          <h2 id="major-items-heading">More on this industry this quarter</h2>
          <ReportList reports={majorItems.items} />
        </section>
      )}
      {!bare && (
        <section aria-labelledby="sources-heading">
          <h2 id="sources-heading">Sources</h2>
          {sources.length === 0 ? (
            <p className="muted">No sources listed.</p>
          ) : (
            <ul className="sources">
              {sources.map((source) => (
                <li key={`${source.source_url}-${source.upright_cid ?? 'report'}`}>
                  <a href={source.source_url} rel="noopener noreferrer">
                    {source.title || source.source_publisher}
                  </a>{' '}
                  <span className="muted">
                    {source.source_publisher}, {formatDate(source.source_date)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {bare ? (
        <p>
          <a href={published.canonical || report.path} target="_top">
            Read the full report
          </a>
        </p>
      ) : (
        <p>
          <PrefetchLink to={WebPaths.industry(report.industry)}>
            See the whole industry ranking
          </PrefetchLink>
          {' · '}
          <PrefetchLink to="/methodology">How rankings are computed</PrefetchLink>
          {' · '}
          <PrefetchLink to={correction}>Request a correction</PrefetchLink>
        </p>
      )}
    </article>
  );
}
