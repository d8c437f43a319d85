import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  correctionPageOf,
  ISSUES,
  WebPaths,
  isScoreField,
  type OpenCorrection,
  type OpenCorrectionsResponse,
  type ScoreField,
  type StagedChange,
} from '@upright/contracts';
import { api } from '../../api/endpoints';
import { MemberData } from '../../components/RequireMember';
import { PrefetchLink } from '../../components/PrefetchLink';
import { formatDate, formatPeriod } from '../../lib/format';
import { useRouteTitle } from '../../hooks/useRouteTitle';
import { useFormSubmit } from '../../hooks/useFormSubmit';
import { useSession } from '../../state/session';
import { deskPaths } from '../data-desk/desk-view';
import { CorrectionsPager } from './CorrectionsPager';
import { formatValue, queueTotalText, stagedInDraftText } from './corrections-view';
import NotFoundPage from '../NotFoundPage';

/**
 * An accepted request's change waits in the draft (decision 0077): nothing public changes, nor is
 * the requester told, until an admin publishes that draft on the data desk.
 */
function Staged({ staged }: { staged: StagedChange }) {
  return (
    <>
      <p role="status" data-testid="correction-staged">
        {stagedInDraftText(staged.version_id)}: review and publish it on the{' '}
        <PrefetchLink to={deskPaths.desk()}>data desk</PrefetchLink>.
      </p>
      <dl className="facts">
        <dt>New value</dt>
        <dd>
          {staged.corrected_field_label}: {formatValue(staged.after_value)}
        </dd>
        <dt>Reason</dt>
        <dd>{staged.reason}</dd>
      </dl>
    </>
  );
}

/**
 * One undecided request: accept it with the new value and its source (staged in the draft), or
 * reject it; both need a reason. One staged already says where its change waits.
 */
function Review({ correction, onResolved }: { correction: OpenCorrection; onResolved(): void }) {
  const prefix = `correction-${correction.id}`;
  const [staged, setStaged] = useState<StagedChange | null>(correction.staged);
  const [form, setForm] = useState({
    corrected_field: (isScoreField(correction.field) ? correction.field : '') as ScoreField | '',
    after_value: '',
    source_url: '',
    reason: '',
  });
  const { run, errorBox, pending } = useFormSubmit();
  const input = (name: keyof typeof form) => ({
    id: `${prefix}-${name}`,
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm({ ...form, [name]: event.target.value }),
  });
  const accept = () =>
    run(async () => {
      const entry = await api.acceptCorrection(correction.id, {
        ...(form.corrected_field ? { corrected_field: form.corrected_field } : {}),
        // An empty value is "no data".
        after_value: form.after_value.trim() === '' ? null : Number(form.after_value),
        source_url: form.source_url,
        reason: form.reason,
      });
      // It stays in the queue, staged, until its draft is published.
      setStaged({
        version_id: entry.staged_version,
        corrected_field: entry.corrected_field!,
        corrected_field_label: entry.corrected_field_label ?? '',
        after_value: entry.after_value,
        reason: entry.reason ?? '',
      });
    });
  const reject = () =>
    run(async () => {
      await api.rejectCorrection(correction.id, form.reason);
      onResolved();
    });
  return (
    <section className="correction-review" aria-labelledby={`${prefix}-heading`}>
      <h2 id={`${prefix}-heading`}>
        {correction.reference}: {correction.company.company_name}, {correction.field_label} (
        {formatPeriod(correction)})
      </h2>
      <dl className="facts">
        <dt>Requested</dt>
        <dd>{formatDate(correction.requested_at)}</dd>
        <dt>By</dt>
        <dd>
          {correction.requester_name} &lt;{correction.requester_email}&gt;
        </dd>
        <dt>Value now</dt>
        <dd>{isScoreField(correction.field) ? formatValue(correction.current_value) : '—'}</dd>
        <dt>Evidence</dt>
        <dd>
          <a href={correction.evidence_url} rel="noopener noreferrer nofollow">
            {correction.evidence_url}
          </a>
        </dd>
        <dt>Company page</dt>
        <dd>
          <PrefetchLink to={WebPaths.company(correction.company.industry, correction.company.slug)}>
            {correction.company.company_name}
          </PrefetchLink>
        </dd>
      </dl>
      <blockquote>{correction.what_is_wrong}</blockquote>
      {staged !== null ? (
        <Staged staged={staged} />
      ) : (
        <form className="form" onSubmit={(event) => event.preventDefault()}>
          {errorBox}
          <label htmlFor={`${prefix}-corrected_field`}>Score to correct</label>
          <select {...input('corrected_field')}>
            <option value="">Choose a score</option>
            {ISSUES.map((issue) => (
              <option key={issue.scoreField} value={issue.scoreField}>
                {issue.label} score
              </option>
            ))}
          </select>
          <label htmlFor={`${prefix}-after_value`}>New value (empty = no data)</label>
          <input {...input('after_value')} inputMode="decimal" />
          <label htmlFor={`${prefix}-source_url`}>Source of the new value</label>
          <input {...input('source_url')} type="url" placeholder="https://" />
          <label htmlFor={`${prefix}-reason`}>Reason (published on the ledger)</label>
          <textarea {...input('reason')} rows={3} />
          <button type="button" className="button" disabled={pending} onClick={() => void accept()}>
            Accept
          </button>{' '}
          <button
            type="button"
            className="button button-secondary"
            disabled={pending}
            onClick={() => void reject()}
          >
            Reject
          </button>
        </form>
      )}
    </section>
  );
}

/**
 * A page of the queue, oldest first; a rejected request leaves the page at once, an accepted one
 * stays, staged in the draft, until that is published.
 */
function Queue({ answer }: { answer: OpenCorrectionsResponse }) {
  const [open, setOpen] = useState(answer.corrections);
  const pager = (
    <CorrectionsPager page={answer.page} href={WebPaths.adminCorrections} label="Queue pages" />
  );
  if (open.length === 0) {
    return (
      <>
        <p role="status">
          {answer.page.total === 0
            ? 'No open correction requests.'
            : `No open correction requests on page ${answer.page.page}.`}
        </p>
        {pager}
      </>
    );
  }
  return (
    <>
      <p data-testid="open-total">{queueTotalText(answer.page.total, answer.staged)}</p>
      {open.map((correction) => (
        <Review
          key={correction.id}
          correction={correction}
          onResolved={() => setOpen(open.filter((other) => other.id !== correction.id))}
        />
      ))}
      {pager}
    </>
  );
}

/** The admins' review queue of correction requests (the server refuses anyone else). */
export default function AdminCorrectionsPage() {
  useRouteTitle();
  const { user } = useSession();
  const [search] = useSearchParams();
  const page = correctionPageOf(search.get('page'));
  if (page === null) return <NotFoundPage />;
  return (
    <>
      <h1>Correction requests</h1>
      {user && user.role !== 'admin' ? (
        <p role="alert">Only an administrator can do this.</p>
      ) : (
        // One loader per page: a new page is a new request.
        <MemberData key={page} load={() => api.openCorrections(page)} what="the open requests">
          {(answer) => <Queue answer={answer} />}
        </MemberData>
      )}
    </>
  );
}
