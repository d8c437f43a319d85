import { useParams, useSearchParams } from 'react-router-dom';
import { correctionPageOf, WebPaths } from '@upright/contracts';
import { api } from '../../api/endpoints';
import { PageState } from '../../components/PageState';
import { PrefetchLink } from '../../components/PrefetchLink';
import { PRODUCT_NAME } from '../../lib/constants';
import { formatDate, formatPeriod } from '../../lib/format';
import { useApi, useTitle } from '../../hooks/useApi';
import NotFoundPage from '../NotFoundPage';
import { CorrectionsPager } from './CorrectionsPager';
import { changeText, formatDuration, openRequestsText } from './corrections-view';

const STATUS_TEXT = { open: 'Open', accepted: 'Accepted', rejected: 'Not accepted' } as const;

/**
 * A company's public corrections ledger (issue 15): every decided request, its outcome and why,
 * a page at a time; open requests are only counted until they are decided (issue 25).
 */
export default function CorrectionLedgerPage() {
  const { industry = '', company = '' } = useParams();
  const [search] = useSearchParams();
  const page = correctionPageOf(search.get('page'));
  if (page === null) return <NotFoundPage />;
  return <Ledger industry={industry} company={company} page={page} />;
}

function Ledger({ industry, company, page }: { industry: string; company: string; page: number }) {
  const state = useApi(
    () => api.correctionLedger(industry, company, page),
    [industry, company, page],
  );
  useTitle(
    state.kind === 'ready'
      ? `Corrections: ${state.data.company.company_name} · ${PRODUCT_NAME}`
      : null,
  );
  if (state.kind === 'error' && (state.status === 404 || state.status === 400)) {
    return <NotFoundPage />;
  }
  return (
    <PageState state={state} what="the corrections ledger">
      {(ledger) => (
        <article className="corrections-ledger">
          <h1>Corrections: {ledger.company.company_name}</h1>
          <p>
            Anyone may ask us to correct a figure or rank of{' '}
            <PrefetchLink to={WebPaths.company(ledger.company.industry, ledger.company.slug)}>
              {ledger.company.company_name}
            </PrefetchLink>
            . Our promise: every request is acknowledged at once and resolved within{' '}
            {ledger.promise_days} days.
          </p>
          <p data-testid="median-time">
            Measured median time to resolve: {formatDuration(ledger.median_resolution_seconds.site)}{' '}
            across {PRODUCT_NAME}; {formatDuration(ledger.median_resolution_seconds.company)} for
            this company.
          </p>
          <p data-testid="open-requests">{openRequestsText(ledger.open_requests)}</p>
          {ledger.entries.length === 0 ? (
            <p className="muted">
              {ledger.page.total > 0
                ? `There are no decided requests on page ${ledger.page.page}.`
                : ledger.open_requests > 0
                  ? 'No request for this company has been decided yet.'
                  : 'No corrections have been requested for this company.'}
            </p>
          ) : (
            // Eight columns: the table scrolls inside the page on narrow screens.
            <div
              className="table-scroll"
              tabIndex={0}
              role="region"
              aria-label="Correction requests"
            >
              <table className="ranking-table corrections">
                <caption>Decided correction requests, most recently decided first</caption>
                <thead>
                  <tr>
                    <th scope="col">Reference</th>
                    <th scope="col">Requested</th>
                    <th scope="col">Resolved</th>
                    <th scope="col">Figure</th>
                    <th scope="col">Status</th>
                    <th scope="col">Before → after</th>
                    <th scope="col">Reason</th>
                    <th scope="col">Source</th>
                  </tr>
                </thead>
                <tbody>
                  {ledger.entries.map((entry) => (
                    <tr key={entry.reference}>
                      <th scope="row">{entry.reference}</th>
                      <td>{formatDate(entry.requested_at)}</td>
                      <td>{formatDate(entry.resolved_at)}</td>
                      <td>
                        {entry.field_label} ({formatPeriod(entry)})
                      </td>
                      <td>{STATUS_TEXT[entry.status]}</td>
                      <td>{changeText(entry)}</td>
                      <td>{entry.reason ?? '—'}</td>
                      <td>
                        {entry.source_url ? (
                          <a href={entry.source_url} rel="noopener noreferrer nofollow">
                            Source
                          </a>
                        ) : (
                          '—'
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <CorrectionsPager
            page={ledger.page}
            href={(page) =>
              WebPaths.correctionLedger(ledger.company.industry, ledger.company.slug, page)
            }
            label="Ledger pages"
          />
        </article>
      )}
    </PageState>
  );
}
