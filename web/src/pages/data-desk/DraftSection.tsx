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

/** The confirm step of a publish: what it changes, in numbers, before anything is sent. */
function PublishConfirm({
  draft,
  runner,
  onCancel,
}: {
  draft: Draft;
  runner: DeskRunner;
  onCancel(): void;
}) {
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => question.current?.focus(), []);
  return (
    <div className="notice" role="group" aria-labelledby="desk-publish-question">
      <p id="desk-publish-question" ref={question} tabIndex={-1}>
        {publishSummary(draft.version_id, draft.industries, draft.corrections)}
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={runner.busy}
          onClick={() => runner.publish(draft.version_id)}
        >
          Yes, publish version {draft.version_id}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/**
 * The confirm step of a discard when the draft carries accepted corrections (decision 0077): they
 * return to the review queue, their staged values cleared.
 */
function DiscardConfirm({
  draft,
  runner,
  onCancel,
}: {
  draft: Draft;
  runner: DeskRunner;
  onCancel(): void;
}) {
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => question.current?.focus(), []);
  return (
    <div className="notice" role="group" aria-labelledby="desk-discard-question">
      <p id="desk-discard-question" ref={question} tabIndex={-1}>
        {discardQuestion(draft.version_id, draft.corrections)}
      </p>
      <div className="button-row">
        <button type="button" className="button" disabled={runner.busy} onClick={runner.discard}>
          Yes, discard version {draft.version_id}
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
        <PublishConfirm draft={draft} runner={runner} onCancel={() => setConfirming(null)} />
      )}
      {confirming === 'discard' && (
        <DiscardConfirm draft={draft} runner={runner} onCancel={() => setConfirming(null)} />
      )}
    </section>
  );
}
