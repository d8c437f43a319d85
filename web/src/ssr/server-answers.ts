import { errorMessage } from '../api/http';
import type { FirstAnswers, FirstAnswersRecord, Outcome } from './first-answers';

/**
 * The server's side: each request is made once, the render suspends until it is answered, and
 * every outcome is kept for the browser.
 */
export class ServerAnswers implements FirstAnswers {
  readonly used = true;
  readonly forOtherViewer = false;
  private readonly outcomes = new Map<string, Outcome>();
  private readonly pending = new Map<string, Promise<void>>();

  constructor(private readonly location: string) {}

  take(id: string, load: () => Promise<unknown>): Outcome | undefined {
    const outcome = this.outcomes.get(id);
    if (outcome) return outcome;
    let pending = this.pending.get(id);
    if (!pending) {
      pending = load().then(
        (data) => void this.outcomes.set(id, { kind: 'ready', data }),
        (error: unknown) =>
          void this.outcomes.set(id, {
            kind: 'error',
            message: errorMessage(error),
            status: (error as { status?: number }).status ?? null,
          }),
      );
      this.pending.set(id, pending);
    }
    // Suspends this part of the page until the answer is in (React retries the render).
    throw pending;
  }

  forget(): void {}

  viewerChanged(): void {}

  record(): FirstAnswersRecord {
    return { location: this.location, answers: Object.fromEntries(this.outcomes) };
  }
}
