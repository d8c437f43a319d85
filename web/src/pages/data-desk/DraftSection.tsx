import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { DeskState, IndustryChangeSummary } from '@upright/contracts';
import {
  countsText,
  deskPaths,
  discardQuestion,
  draftCorrectionsText,
  formatWhen,
  publishSummary,
  sortedIndustries,
} from './desk-view';
import type { DeskRunner } from './useDeskRunner';

type Draft = NonNullable<DeskState['draft']>;

/** The draft's industries: what each gains, loses and moves, each linking to its preview. */
function IndustriesTable({ industries }: { industries: readonly IndustryChangeSummary[] }) {
  if (industries.length === 0) {
    return <p>The draft changes no industry&apos;s companies or ranks.</p>;
  }
  return (
    <div className="table-scroll">
      <table className="ranking-table" data-testid="draft-industries">
        <caption>Industries the draft changes</caption>
        <thead>
          <tr>
            <th scope="col">Industry</th>
            <th scope="col">Companies added</th>
            <th scope="col">Removed</th>
            <th scope="col">Ranks moved</th>
            <th scope="col">Alerts followers</th>
          </tr>
        </thead>
        <tbody>
          {sortedIndustries(industries).map((industry) => (
            <tr key={industry.industry}>
              <th scope="row">
                <Link to={deskPaths.preview(industry.industry)}>{industry.industry_text}</Link>
              </th>
              <td>{industry.added}</td>
              <td>{industry.removed}</td>
              <td>{industry.moved}</td>
              <td>{industry.alerts_followers ? 'Yes' : 'No'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A confirm step: the question (what the step changes, in numbers) focused, then the step or
 * Cancel. Publishing always asks; discarding asks when the draft carries accepted corrections
 * (decision 0077: they return to the review queue, their staged values cleared).
 */
function ConfirmStep({
  id,
  question,
  confirm,
  busy,
  onConfirm,
  onCancel,
}: {
  id: string;
  question: string;
  confirm: string;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const asked = useRef<HTMLParagraphElement>(null);
  useEffect(() => asked.current?.focus(), []);
  return (
    <div className="notice" role="group" aria-labelledby={id}>
      <p id={id} ref={asked} tabIndex={-1}>
        {question}
      </p>
      <div className="button-row">
        <button type="button" className="button" disabled={busy} onClick={onConfirm}>
          {confirm}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/**
 * The draft: its file, who staged it and when, its counts, industries and the accepted
 * corrections it carries; publish or discard.
 */
export function DraftSection({ draft, runner }: { draft: Draft; runner: DeskRunner }) {
  const [confirming, setConfirming] = useState<'publish' | 'discard' | null>(null);
  // A finished action leaves no confirm step behind it.
  useEffect(() => {
    if (runner.busy) setConfirming(null);
  }, [runner.busy]);
  return (
    <section aria-labelledby="desk-draft-heading">
      <h2 id="desk-draft-heading">Draft version {draft.version_id}</h2>
      <dl className="facts">
        <dt>File (SHA-256)</dt>
        <dd>
          {/* 64 hex digits break anywhere rather than widen a phone's page. */}
          <code style={{ overflowWrap: 'anywhere' }}>{draft.file_sha256 ?? '—'}</code>
        </dd>
        <dt>Staged</dt>
        <dd>
          by {draft.staged_by}, {formatWhen(draft.staged_at)}
        </dd>
        <dt>Staged on</dt>
        <dd>public version {draft.base_version ?? '—'}</dd>
        <dt>Counts</dt>
        <dd>{countsText(draft.counts)}</dd>
        <dt>Corrections</dt>
        <dd data-testid="draft-corrections">{draftCorrectionsText(draft.corrections)}</dd>
      </dl>
      <IndustriesTable industries={draft.industries} />
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={runner.busy || confirming !== null}
          onClick={() => setConfirming('publish')}
        >
          Publish
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={runner.busy || confirming !== null}
          // A draft of an uploaded file is discarded at once (the file can be staged again); one
          // carrying accepted corrections asks first.
          onClick={draft.corrections > 0 ? () => setConfirming('discard') : runner.discard}
        >
          Discard draft
        </button>
      </div>
      {confirming === 'publish' && (
        <ConfirmStep
          id="desk-publish-question"
          question={publishSummary(draft.version_id, draft.industries, draft.corrections)}
          confirm={`Yes, publish version ${draft.version_id}`}
          busy={runner.busy}
          onConfirm={() => runner.publish(draft.version_id)}
          onCancel={() => setConfirming(null)}
        />
      )}
      {confirming === 'discard' && (
        <ConfirmStep
          id="desk-discard-question"
          question={discardQuestion(draft.version_id, draft.corrections)}
          confirm={`Yes, discard version ${draft.version_id}`}
          busy={runner.busy}
          onConfirm={runner.discard}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
