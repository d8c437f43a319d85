/**
 * What a replica works on at once (record 0049; docs/product/rules.md#s14): fresh work (anything
 * not sent from kept bytes) and page renders each have a cap; beyond it the caller answers 503
 * with `Retry-After` at once, so overload never becomes a queue that grows.
 */
export type Lane = 'fresh' | 'render';

export class Admission {
  private readonly running: Record<Lane, number> = { fresh: 0, render: 0 };
  readonly shed: Record<Lane, number> = { fresh: 0, render: 0 };
  readonly admitted: Record<Lane, number> = { fresh: 0, render: 0 };

  constructor(private readonly caps: Readonly<Record<Lane, number>>) {}

  /** A release to call exactly once when the work is over, or null when the lane is full. */
  enter(lane: Lane): (() => void) | null {
    if (this.running[lane] >= this.caps[lane]) {
      this.shed[lane] += 1;
      return null;
    }
    this.running[lane] += 1;
    this.admitted[lane] += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running[lane] -= 1;
    };
  }

  inFlight(lane: Lane): number {
    return this.running[lane];
  }
}

/** Seconds a shed client is asked to wait: the work in flight is seconds long at most. */
export const SHED_RETRY_AFTER_SECONDS = 1;

/** What a shed client is told, in the JSON error or the HTML page. */
export const SHED_MESSAGE = `The site is busy. Please try again in ${SHED_RETRY_AFTER_SECONDS} second.`;
