import { Link, useSearchParams } from 'react-router-dom';
import { correctionPageOf, type DeskLogPage as LogPage } from '@upright/contracts';
import { api } from '../../api/endpoints';
import { PageState } from '../../components/PageState';
import { useApi } from '../../hooks/useApi';
import { useRouteTitle } from '../../hooks/useRouteTitle';
import { useSession } from '../../state/session';
import NotFoundPage from '../NotFoundPage';
import { CorrectionsPager } from '../corrections/CorrectionsPager';
import { AdminOnly } from './AdminOnly';
import { actionText, actorText, countsText, deskPaths, formatWhen, shortDigest } from './desk-view';

function LogTable({ log }: { log: LogPage }) {
  if (log.entries.length === 0) {
    return <p role="status">{log.total === 0 ? 'Nothing is logged yet.' : 'No entries here.'}</p>;
  }
  return (
    <div className="table-scroll">
      <table className="ranking-table" data-testid="desk-log">
        <caption>
          {log.total} entr{log.total === 1 ? 'y' : 'ies'}, newest first
        </caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">Version</th>
            <th scope="col">File (SHA-256)</th>
            <th scope="col">Counts</th>
          </tr>
        </thead>
        <tbody>
          {log.entries.map((entry) => (
            <tr key={entry.id}>
              <td>{formatWhen(entry.at)}</td>
              <td>{actorText(entry.actor, entry.actor_kind)}</td>
              <td>{actionText(entry.action)}</td>
              <td>{entry.version_id}</td>
              <td>
                <code title={entry.file_sha256 ?? undefined}>{shortDigest(entry.file_sha256)}</code>
              </td>
              <td>{countsText(entry.counts)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Log({ page }: { page: number }) {
  useRouteTitle();
  const { user } = useSession();
  const state = useApi(() => api.deskLog(page), [page, user?.uid]);
  return (
    <>
      <h1>Data desk log</h1>
      <p>
        <Link to={deskPaths.desk()}>Back to the data desk</Link>
      </p>
      <PageState state={state} what="the log">
        {(log) => (
          <>
            <LogTable log={log} />
            <CorrectionsPager page={log} href={deskPaths.log} label="Log pages" />
          </>
        )}
      </PageState>
    </>
  );
}

function LogRoute() {
  const [search] = useSearchParams();
  const page = correctionPageOf(search.get('page'));
  if (page === null) return <NotFoundPage />;
  return <Log page={page} />;
}

/** `/admin/data/log`: every change the desk and `make import` made, newest first. */
export default function DeskLogPage() {
  return (
    <AdminOnly>
      <LogRoute />
    </AdminOnly>
  );
}
