import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { correctionPageOf, WebPaths, type CorrectionLedger } from '@upright/contracts';
import { api } from '../../api/endpoints';
import { PageState } from '../../components/PageState';
import { PrefetchLink } from '../../components/PrefetchLink';
import { PRODUCT_NAME } from '../../lib/constants';
import { formatDate, formatPeriod } from '../../lib/format';
import { useApi } from '../../hooks/useApi';
import { useRouteTitle } from '../../hooks/useRouteTitle';
import NotFoundPage from '../NotFoundPage';
import { CorrectionsPager } from './CorrectionsPager';
import { changeText, formatDuration, openRequestsText } from './corrections-view';
import { ownOpenRequests, type OwnRequest } from './own-requests';

// A staged request is open to the public (decision 0077): the ledger never lists it.
const STATUS_TEXT = {
  open: 'Open',
  staged: 'Open',
  accepted: 'Accepted',
  rejected: 'Not accepted',
} as const;

/**
 * A company's public corrections ledger: every decided request, its outcome and why,
 * a page at a time; open requests are only counted until they are decided.
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
  useRouteTitle(state.kind === 'ready' ? [state.data] : null);
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
          <OwnOpenRequests ledger={ledger} />
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

/**
 * The open requests sent from this browser (own-requests.ts), read after the page is adopted:
 * the server's HTML is everyone's.
 */
function OwnOpenRequests({ ledger }: { ledger: CorrectionLedger }) {
  const [own, setOwn] = useState<OwnRequest[]>([]);
  const { industry, slug } = ledger.company;
  useEffect(() => {
    setOwn(ownOpenRequests(localStorage, industry, slug, ledger, Date.now()));
  }, [industry, slug, ledger]);
  if (own.length === 0) return null;
  return (
    <section aria-labelledby="own-requests-heading" data-testid="own-requests">
      <h2 id="own-requests-heading">Your open requests</h2>
      <ul>
        {own.map((item) => (
          <li key={item.reference}>
            {item.reference}: {item.field_label} ({formatPeriod(item)}), requested{' '}
            {formatDate(item.requested_at)}. Open: we decide it within {ledger.promise_days} days of
            the request.
          </li>
        ))}
      </ul>
    </section>
  );
}
