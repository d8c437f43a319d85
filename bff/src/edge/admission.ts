import { Counter, Gauge, type Registry } from 'prom-client';

/** Seconds a shed client is asked to wait: the work in flight is seconds long at most. */
export const SHED_RETRY_AFTER_SECONDS = 1;

/** What a shed client is told, in the JSON error or the HTML page. */
export const SHED_MESSAGE = `The site is busy. Please try again in ${SHED_RETRY_AFTER_SECONDS} second.`;

/**
 * Fresh work a replica takes on at once (decision 0049; docs/product/rules.md#s14): anything not
 * sent from kept bytes, page renders included, up to a fixed cap (EDGE_MAX_IN_FLIGHT); beyond it
 * the edge answers 503 with `Retry-After` at once, so overload never becomes a queue that grows.
 * Kept answers are never counted or refused: sending them costs less than a refusal. A crowd is
 * refused before the process, at the ingress (decision 0076), whose per-pod cap is this one.
 * Its figures are exported under `lane="fresh"`, the one lane, as the dashboard reads them.
 */
export class Admission {
  private running = 0;
  private readonly admitted: { inc(): void };
  private readonly shed: { inc(): void };

  constructor(
    readonly limit: number,
    registry: Registry,
  ) {
    const lane = { lane: 'fresh' };
    const common = { labelNames: ['lane'], registers: [registry] };
    /** A counter of the lane, exported at 0 until it counts. */
    const counter = (name: string, help: string) => {
      const counted = new Counter({ name, help, ...common }).labels(lane);
      counted.inc(0);
      return counted;
    };
    this.admitted = counter('upright_edge_admitted_total', 'Fresh requests started');
    this.shed = counter(
      'upright_edge_shed_total',
      'Answered 503 at once: the limit was reached, or the leader of the key failed',
    );
    const inFlight = () => this.running;
    new Gauge({
      name: 'upright_edge_in_flight',
      help: 'Fresh requests (page renders included) this replica is working on',
      ...common,
      collect() {
        this.set(lane, inFlight());
      },
    });
    new Gauge({ name: 'upright_edge_limit', help: 'Fresh requests admitted at once', ...common })
      .labels(lane)
      .set(limit);
  }

  /** A release to call exactly once when the work is over, or null when the limit is reached. */
  enter(): (() => void) | null {
    if (this.running >= this.limit) {
      this.refuse();
      return null;
    }
    this.running += 1;
    this.admitted.inc();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
    };
  }

  /** Counts work refused without asking the limit: a follower of a leader that failed. */
  refuse(): void {
    this.shed.inc();
  }
}
