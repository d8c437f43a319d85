import type { ErrorBody } from '@upright/contracts';
import { Counter, Gauge, type Registry } from 'prom-client';

/** Seconds a shed client is asked to wait: the work in flight is seconds long at most. */
export const SHED_RETRY_AFTER_SECONDS = 1;

/** What a shed client is told, in the JSON error or the HTML page. */
export const SHED_MESSAGE = `The site is busy. Please try again in ${SHED_RETRY_AFTER_SECONDS} second.`;

/** The JSON error of a shed request. */
export const SHED_BODY: ErrorBody = {
  error: { code: 'service_unavailable', message: SHED_MESSAGE },
};

/**
 * The lanes of a replica's admission: `fresh`, everything not sent from kept bytes (the edge);
 * `password`, the requests that make accounts hash or verify a password (a part of `fresh`).
 */
export type AdmissionLane = 'fresh' | 'password';

/** The metrics of every lane of one registry: each lane is a label of the same families. */
interface LaneMetrics {
  admitted: Counter<'lane'>;
  shed: Counter<'lane'>;
  limit: Gauge<'lane'>;
  running: Map<AdmissionLane, () => number>;
}

const metricsByRegistry = new WeakMap<Registry, LaneMetrics>();

function laneMetrics(registry: Registry): LaneMetrics {
  const known = metricsByRegistry.get(registry);
  if (known) return known;
  const common = { labelNames: ['lane'] as const, registers: [registry] };
  const running = new Map<AdmissionLane, () => number>();
  new Gauge({
    name: 'upright_edge_in_flight',
    help: 'Requests of the lane this replica is working on (fresh: page renders included)',
    ...common,
    collect() {
      for (const [lane, count] of running) this.set({ lane }, count());
    },
  });
  const made: LaneMetrics = {
    admitted: new Counter({
      name: 'upright_edge_admitted_total',
      help: 'Requests started',
      ...common,
    }),
    shed: new Counter({
      name: 'upright_edge_shed_total',
      help: 'Answered 503 at once: the lane was at its limit, or the leader of the key failed',
      ...common,
    }),
    limit: new Gauge({ name: 'upright_edge_limit', help: 'Requests admitted at once', ...common }),
    running,
  };
  metricsByRegistry.set(registry, made);
  return made;
}

/**
 * Work a replica takes on at once, per lane (decision 0049; docs/product/rules.md#s14): up to a
 * fixed cap; beyond it the request is answered 503 with `Retry-After` at once, so overload never
 * becomes a queue that grows. The edge's `fresh` lane counts everything not sent from kept bytes,
 * page renders included (EDGE_MAX_IN_FLIGHT): kept answers are never counted or refused, sending
 * them costs less than a refusal. The `password` lane (PASSWORD_REQUESTS_IN_FLIGHT, decision
 * 0059) caps the sign-ins, sign-ups and other requests that wait for accounts' password work,
 * so a request accounts would refuse is refused here, before it waits in accounts' stream.
 * A crowd is refused before the process, at the ingress (decision 0076).
 */
export class Admission {
  private running = 0;
  private readonly admitted: { inc(): void };
  private readonly shed: { inc(): void };

  constructor(
    lane: AdmissionLane,
    private readonly limit: number,
    registry: Registry,
  ) {
    const metrics = laneMetrics(registry);
    const labels = { lane };
    this.admitted = metrics.admitted.labels(labels);
    this.shed = metrics.shed.labels(labels);
    // Exported at 0 until they count.
    metrics.admitted.inc(labels, 0);
    metrics.shed.inc(labels, 0);
    metrics.limit.set(labels, limit);
    metrics.running.set(lane, () => this.running);
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
