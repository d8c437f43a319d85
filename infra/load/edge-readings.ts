/**
 * What the BFFs' own metrics say about each second of a crowd run: how many requests each way of
 * shedding answered 503 (a lane at its limit, decision 0049; a late event loop, 0061; connections
 * waiting to be accepted, 0063), how long the accept queue was and how late the loop ran when
 * read. Beside the client's figures, it tells why a second was slow or shed. Pure, unit-tested
 * (infra/load/edge-readings.spec.ts); crowd.ts reads the metrics.
 */

/** One BFF's edge metrics, read at one moment. */
export interface EdgeReading {
  /** When it was read (ms since the epoch). */
  at: number;
  /** Which replica (its URL). */
  replica: string;
  shedLane: number;
  shedLoop: number;
  shedQueue: number;
  /** Connections waiting to be accepted at the BFF's last sample. */
  acceptQueue: number;
  /** How late the BFF's event loop's last turn was. */
  loopDelayMs: number;
  /** Work it had admitted and not finished (its lanes together). */
  inFlight: number;
}

export type EdgeMetrics = Omit<EdgeReading, 'at' | 'replica'>;

/** The ways a BFF sheds, each a counter of its metrics. */
const SHED_CAUSES = ['shedLane', 'shedLoop', 'shedQueue'] as const;

export type Sheds = Pick<EdgeMetrics, (typeof SHED_CAUSES)[number]>;

/** Adds to `into` what each shed counter grew by from `before` to `after` (a restart: nothing). */
function addShedsBetween(into: Sheds, before: EdgeMetrics, after: EdgeMetrics): void {
  for (const cause of SHED_CAUSES) into[cause] += Math.max(0, after[cause] - before[cause]);
}

/** The BFFs together in one second: sheds by cause (summed), the worst gauge read in it. */
export interface EdgeSecond extends Sheds {
  acceptQueueMax: number;
  loopDelayMaxMs: number;
}

/** The edge's figures from a Prometheus text exposition (absent ones read 0). */
export function parseEdgeMetrics(text: string): EdgeMetrics {
  const sums = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const value = Number(match[2]);
    if (Number.isFinite(value)) sums.set(match[1], (sums.get(match[1]) ?? 0) + value);
  }
  const read = (name: string) => sums.get(name) ?? 0;
  return {
    shedLane: read('upright_edge_shed_total'),
    shedLoop: read('upright_edge_loop_shed_total'),
    shedQueue: read('upright_edge_accept_backlog_shed_total'),
    acceptQueue: read('upright_edge_accept_backlog'),
    loopDelayMs: read('upright_edge_loop_delay_seconds') * 1000,
    inFlight: read('upright_edge_in_flight'),
  };
}

/** A loop later than this is still catching up (the BFF's own default for a late turn). */
export const QUIET_LOOP_MS = 20;

/**
 * Whether a BFF has caught up with a crowd, by two readings of it in a row: nothing in flight,
 * nothing waiting to be accepted, its loop on time, and nothing shed between them. A step of the
 * open arrival rate measured before that measures the crowd's wake (it found the capacity at
 * 17.5 iterations a second, when the next run's found 55–70).
 */
export function caughtUp(before: EdgeMetrics, after: EdgeMetrics): boolean {
  return (
    [before, after].every(
      (reading) =>
        reading.inFlight === 0 && reading.acceptQueue === 0 && reading.loopDelayMs <= QUIET_LOOP_MS,
    ) && SHED_CAUSES.every((cause) => after[cause] === before[cause])
  );
}

/**
 * The readings by second of the run (from `begin`): each replica's sheds between two readings
 * count in the second the interval began (a replica's first reading is its baseline); each
 * gauge in the second it was read.
 */
export function edgeBySecond(
  readings: readonly EdgeReading[],
  begin: number,
): Map<number, EdgeSecond> {
  const bySecond = new Map<number, EdgeSecond>();
  const secondOf = (at: number) => Math.floor((at - begin) / 1000);
  const at = (second: number) => {
    const seen = bySecond.get(second) ?? {
      shedLane: 0,
      shedLoop: 0,
      shedQueue: 0,
      acceptQueueMax: 0,
      loopDelayMaxMs: 0,
    };
    bySecond.set(second, seen);
    return seen;
  };
  const last = new Map<string, EdgeReading>();
  for (const reading of [...readings].sort((a, b) => a.at - b.at)) {
    const gauges = at(secondOf(reading.at));
    gauges.acceptQueueMax = Math.max(gauges.acceptQueueMax, reading.acceptQueue);
    gauges.loopDelayMaxMs = Math.max(gauges.loopDelayMaxMs, reading.loopDelayMs);
    const before = last.get(reading.replica);
    last.set(reading.replica, reading);
    if (before === undefined) continue;
    addShedsBetween(at(secondOf(before.at)), before, reading);
  }
  return bySecond;
}

/** Sheds by cause between two readings of the same BFFs (in order); an unread one counts none. */
export function shedBetween(
  before: ReadonlyArray<EdgeMetrics | undefined>,
  after: ReadonlyArray<EdgeMetrics | undefined>,
): Sheds {
  const sheds = { shedLane: 0, shedLoop: 0, shedQueue: 0 };
  before.forEach((start, index) => {
    const end = after[index];
    if (start !== undefined && end !== undefined) addShedsBetween(sheds, start, end);
  });
  return sheds;
}
