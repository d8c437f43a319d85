import { ErrorBox } from '../../components/ErrorBox';
import { activityStatus } from './desk-view';
import type { DeskRunner } from './useDeskRunner';

/**
 * What the desk is doing and how its last action ended, in a live region a screen reader reads
 * out; a failure is an alert, and a failed stage lists every problem of the file after it (not in
 * the live region: a thousand lines are read, not heard).
 */
export function DeskStatus({ runner }: { runner: DeskRunner }) {
  const { activity, outcome } = runner;
  const status = activity === null ? null : activityStatus(activity);
  return (
    <>
      <div aria-live="polite" data-testid="desk-status">
        {status !== null && (
          <p>
            <label htmlFor="desk-progress">{status.text}</label>{' '}
            {status.progress === null ? (
              <progress id="desk-progress" />
            ) : (
              <progress
                id="desk-progress"
                value={status.progress.value}
                max={status.progress.max}
              />
            )}
          </p>
        )}
        {outcome?.state === 'done' && <p className="notice">{outcome.text}</p>}
      </div>
      {outcome?.state === 'failed' && (
        <>
          <ErrorBox message={outcome.text} onClear={runner.dismiss} takeFocus />
          {outcome.problems !== null && (
            <section aria-labelledby="desk-problems-heading">
              <h2 id="desk-problems-heading">Problems in the file</h2>
              <ul data-testid="desk-problems">
                {outcome.problems.lines.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
              {outcome.problems.more !== null && <p>{outcome.problems.more}</p>}
            </section>
          )}
        </>
      )}
    </>
  );
}
