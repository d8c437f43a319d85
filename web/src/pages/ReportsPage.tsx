import { REPORTS_PAGE_SIZE } from '@upright/contracts';
import { useSearchParams } from 'react-router-dom';
import { api } from '../api/endpoints';
import { PageState } from '../components/PageState';
import { ReportList } from '../components/ReportList';
import { Taglines } from '../components/Taglines';
import { useApi } from '../hooks/useApi';
import { useRouteTitle } from '../hooks/useRouteTitle';
import { SearchBar } from '../search/SearchBar';

export default function ReportsPage() {
  useRouteTitle();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const featured = useApi(() => api.featuredReports(1), []);
  const latest = useApi(() => api.latestReports(page), [page]);
  return (
    <>
      <h1>Reports</h1>
      <Taglines />
      <div className="reports-search">
        <SearchBar fixedMode="reports" />
      </div>
      <section aria-labelledby="featured-heading">
        <h2 id="featured-heading">Featured</h2>
        <PageState state={featured} what="featured reports">
          {(data) => <ReportList reports={data.items} />}
        </PageState>
      </section>
      <section aria-labelledby="all-heading">
        <h2 id="all-heading">All reports, newest first</h2>
        <PageState state={latest} what="reports">
          {(data) => {
            const pages = Math.max(1, Math.ceil(data.count / (data.pageSize || REPORTS_PAGE_SIZE)));
            // A page beyond the end (an old link, a hand-edited address) points back into the list.
            if (data.items.length === 0 && page > 1) {
              return (
                <p className="muted">
                  There are no reports on page {page}.{' '}
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => setParams({ page: String(pages) })}
                  >
                    Go to the last page
                  </button>
                </p>
              );
            }
            return (
              <>
                <ReportList reports={data.items} />
                <nav aria-label="Report pages" className="pager">
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={page <= 1}
                    onClick={() => setParams({ page: String(page - 1) })}
                  >
                    Previous
                  </button>
                  <span>
                    Page {page} of {pages}
                  </span>
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={page >= pages}
                    onClick={() => setParams({ page: String(page + 1) })}
                  >
                    Next
                  </button>
                </nav>
              </>
            );
          }}
        </PageState>
      </section>
    </>
  );
}
