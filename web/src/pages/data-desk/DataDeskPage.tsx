import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { DataVersionSummary, DeskState } from '@upright/contracts';
import { api } from '../../api/endpoints';
import { PageState } from '../../components/PageState';
import { useApi } from '../../hooks/useApi';
import { useRouteTitle } from '../../hooks/useRouteTitle';
import { useSession } from '../../state/session';
import { AdminOnly } from './AdminOnly';
import { DeskStatus } from './DeskStatus';
import { DraftSection } from './DraftSection';
import {
  countsText,
  deskPaths,
  replaceLabel,
  shortDigest,
  versionLine,
  versionWhen,
} from './desk-view';
import { useDeskRunner, type DeskRunner } from './useDeskRunner';

function PublicSection({ version }: { version: DataVersionSummary }) {
  return (
    <section aria-labelledby="desk-public-heading">
      <h2 id="desk-public-heading">Public data</h2>
      <p data-testid="desk-public">{versionLine(version)}.</p>
      <dl className="facts">
        <dt>File (SHA-256)</dt>
        <dd>
          <code title={version.file_sha256 ?? undefined}>{shortDigest(version.file_sha256)}</code>
        </dd>
        <dt>Counts</dt>
        <dd>{countsText(version.counts)}</dd>
      </dl>
    </section>
  );
}

/** A data set file, checked and staged as the draft; a draft there is is replaced only if asked. */
function UploadSection({ draft, runner }: { draft: DeskState['draft']; runner: DeskRunner }) {
  const [file, setFile] = useState<File | null>(null);
  const [replace, setReplace] = useState(false);
  return (
    <section aria-labelledby="desk-upload-heading">
      <h2 id="desk-upload-heading">Upload a data set</h2>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (file !== null) runner.upload(file, replace);
        }}
      >
        <label htmlFor="desk-file">Data set file (JSON)</label>
        <input
          id="desk-file"
          type="file"
          accept=".json,application/json"
          disabled={runner.busy}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        {draft !== null && (
          <label className="check">
            <input
              type="checkbox"
              checked={replace}
              disabled={runner.busy}
              onChange={(event) => setReplace(event.target.checked)}
            />{' '}
            {replaceLabel(draft.version_id, draft.corrections)}
          </label>
        )}
        <button type="submit" className="button" disabled={runner.busy || file === null}>
          Upload and check
        </button>
      </form>
    </section>
  );
}

function RollbackSection({ to, runner }: { to: DataVersionSummary; runner: DeskRunner }) {
  return (
    <section aria-labelledby="desk-rollback-heading">
      <h2 id="desk-rollback-heading">Roll back</h2>
      <p>
        Makes version {to.version_id} public again ({versionWhen(to)}). The version public now can
        be made public again by rolling back once more.
      </p>
      <button
        type="button"
        className="button button-secondary"
        disabled={runner.busy}
        onClick={runner.rollBack}
      >
        Roll back to version {to.version_id}
      </button>
    </section>
  );
}

function DeskSections({ desk, runner }: { desk: DeskState; runner: DeskRunner }) {
  // A stage, publish or rollback still running (another tab, a reload) is followed here.
  const { follow } = runner;
  useEffect(() => {
    if (desk.running_job !== null) follow(desk.running_job);
  }, [desk.running_job]);
  return (
    <>
      <PublicSection version={desk.public} />
      {desk.draft !== null && <DraftSection draft={desk.draft} runner={runner} />}
      <UploadSection draft={desk.draft} runner={runner} />
      {desk.rollback_to !== null && <RollbackSection to={desk.rollback_to} runner={runner} />}
    </>
  );
}

function Desk() {
  useRouteTitle();
  const { user } = useSession();
  const [reloads, setReloads] = useState(0);
  const state = useApi(() => api.deskState(), [user?.uid, reloads]);
  const runner = useDeskRunner(() => setReloads((count) => count + 1));
  // While the state reloads after an action, the desk stays as it was (the file chosen too).
  const [shown, setShown] = useState<DeskState | null>(null);
  useEffect(() => {
    if (state.kind === 'ready') setShown(state.data);
  }, [state]);
  return (
    <>
      <h1>Data desk</h1>
      <p>
        <Link to={deskPaths.log()}>The audit log</Link> lists every stage, publish, rollback and
        discard, and every accepted correction (staged in the draft).
      </p>
      <DeskStatus runner={runner} />
      <PageState
        state={state.kind === 'loading' && shown !== null ? { kind: 'ready', data: shown } : state}
        what="the data desk"
      >
        {(desk) => <DeskSections desk={desk} runner={runner} />}
      </PageState>
    </>
  );
}

/** `/admin/data`: the editors' desk (decision 0077); the not-found page for anyone but admins. */
export default function DataDeskPage() {
  return (
    <AdminOnly>
      <Desk />
    </AdminOnly>
  );
}
