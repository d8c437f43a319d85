import type { CorrectionsPage } from '@upright/contracts';
import { PrefetchLink } from '../../components/PrefetchLink';
import { pagesAround } from './corrections-view';

/**
 * Previous and next links of a paged corrections list: plain links, so the
 * server-rendered ledger's pages can be followed without the app.
 */
export function CorrectionsPager({
  page,
  href,
  label,
}: {
  page: CorrectionsPage;
  /** A page's address (WebPaths). */
  href: (page: number) => string;
  label: string;
}) {
  const { previous, next, last } = pagesAround(page);
  if (previous === null && next === null) return null;
  return (
    <nav aria-label={label} className="pager">
      {previous !== null && (
        <PrefetchLink className="button button-secondary" rel="prev" to={href(previous)}>
          Previous
        </PrefetchLink>
      )}
      <span>
        Page {page.page} of {last}
      </span>
      {next !== null && (
        <PrefetchLink className="button button-secondary" rel="next" to={href(next)}>
          Next
        </PrefetchLink>
      )}
    </nav>
  );
}
