import { markdownBlocks, WebPaths, type PublishedReport } from '@upright/contracts';
import { MoveMarker } from '../design';
import {
  describeRank,
  EVIDENCE_WORDS,
  formatDate,
  formatMetric,
  formatPeriod,
  issueLabel,
} from '../lib/format';
import { reportRows } from '../lib/ranking-view';
import { reportFigures, type ReportFigures } from '../lib/report-figures';
import { apiPaths } from '../api/endpoints';
import { OpenDataLinks } from './OpenDataLinks';
import { PrefetchLink } from './PrefetchLink';
import { RankingTable } from './RankingTable';
import { ReportList } from './ReportList';

/**
 * The report's figures and moves: per company its change since the previous
 * period, on an issue its figures with the report's best, median and worst, and a correction
 * request prefilled with the company, the figure's score and the report.
 */
function ReportFiguresTable({
  published,
  figures,
}: {
  published: PublishedReport;
  figures: ReportFigures;
}) {
  const { report, rankings } = published;
  const { since, columns, rows, correctionField } = figures;
  const showMoves = rows.some((row) => row.move !== undefined);
  const unit = (value: number, column: (typeof columns)[number]) =>
    formatMetric({ unit: column.unit, value });
  return (
    <section aria-labelledby="report-figures-heading" id="report-figures">
      <h2 id="report-figures-heading">
        {columns.length > 0 ? 'The figures behind this ranking' : 'Changes and corrections'}
      </h2>
      {columns.length > 0 && (
        <ul className="report-figure-summary" data-testid="report-figure-summary">
          {columns.map((column) =>
            column.summary === null ? null : (
              <li key={column.name}>
                <strong>{column.label}</strong>:{' '}
                {column.summary.best !== null && <>best {unit(column.summary.best, column)} · </>}
                median {unit(column.summary.median, column)}
                {column.summary.worst !== null && (
                  <> · worst {unit(column.summary.worst, column)}</>
                )}{' '}
                <span className="muted">({column.summary.count} companies of this report)</span>
              </li>
            ),
          )}
        </ul>
      )}
      {report.value !== 'overall' && columns.length === 0 && (
        <p className="muted">No figures were published behind this issue for these companies.</p>
      )}
      <div
        className="table-scroll"
        tabIndex={0}
        role="region"
        aria-labelledby="report-figures-caption"
      >
        <table className="ranking-table report-figures">
          <caption id="report-figures-caption">
            {issueLabel(report.value)} rank
            {showMoves && since ? `, change since ${formatPeriod(since)}` : ''}
            {columns.length > 0 ? ' and figures' : ''}, {formatPeriod(rankings!.period)}
          </caption>
          <thead>
            <tr>
              <th scope="col">Company</th>
              <th scope="col">Rank</th>
              {showMoves && <th scope="col">Change</th>}
              {columns.map((column) => (
                <th scope="col" key={column.name}>
                  {column.label}
                </th>
              ))}
              <th scope="col">Correction</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.upright_cid}>
                <th scope="row">
                  <PrefetchLink to={WebPaths.company(report.industry, row.slug)}>
                    {row.company_name}
                  </PrefetchLink>
                </th>
                <td>
                  {describeRank(row.rank, row.tied, rankings!.lowestRank)}
                  {row.withoutFigure && (
                    <span className="data-note" data-evidence="score_without_figure">
                      {' '}
                      {EVIDENCE_WORDS.score_without_figure}
                    </span>
                  )}
                </td>
                {showMoves && (
                  <td>{row.move === undefined ? '—' : <MoveMarker move={row.move} />}</td>
                )}
                {columns.map((column) => (
                  <td key={column.name}>
                    {row.values[column.name] ? formatMetric(row.values[column.name]) : 'no figure'}
                  </td>
                ))}
                <td>
                  <PrefetchLink
                    className="correction-link"
                    to={WebPaths.correctionForm(
                      report.industry,
                      row.slug,
                      correctionField,
                      rankings!.period,
                      report.title,
                    )}
                    aria-label={`Correct this: request a correction for ${row.company_name}`}
                  >
                    Correct this
                  </PrefetchLink>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A published report: copy, frozen ranking with per-issue ranks, figures, sources, corrections. */
export function ReportView({
  published,
  bare = false,
}: {
  published: PublishedReport;
  bare?: boolean;
}) {
  const { report, rankings, sources, majorItems } = published;
  const highlight = report.value === 'overall' ? undefined : report.value;
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
          rows={reportRows(rankings.rankings, report.value, rankings.applicable_issues)}
          caption={`${issueLabel(report.value)} ranking, ${formatPeriod(rankings.period)} (lowest rank ${rankings.lowestRank})`}
          rankLabel={
            report.value === 'overall' ? 'Overall rank' : `${issueLabel(report.value)} rank`
          }
          industry={report.industry}
          issues={rankings.applicable_issues}
          highlight={highlight}
          linkTarget={bare ? '_top' : undefined}
        />
      ) : (
        <p className="muted">This report&apos;s ranking is not available.</p>
      )}
      {!bare && rankings && (
        <ReportFiguresTable published={published} figures={reportFigures(rankings, report.value)} />
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
          {/* Corrections go to the ledger company pages use, one figure at a time. */}
          {rankings && (
            <>
              {' · '}
              <a href="#report-figures">Request a correction</a>
            </>
          )}
        </p>
      )}
    </article>
  );
}
