/**
 * What the BFFs' own metrics say about each second of a crowd run: how many requests each lane of
 * their admission answered 503 at once (`fresh`, decision 0049; `password`, decision 0059;
 * bff/src/shared/admission.ts) and how much work they had in flight. Beside the clients' figures,
 * it tells which of a second's 503s the BFFs answered, by lane, and whether they have caught up
 * with a crowd. Pure, unit-tested (infra/load/edge-readings.spec.ts); crowd.ts reads the metrics.
 */

/** The lanes of a BFF's admission: the `lane` label of its edge metrics. */
const LANES = ['fresh', 'password'] as const;

type Lane = (typeof LANES)[number];

/** Requests answered 503 at once, by the lane that shed them. */
export type Sheds = Record<Lane, number>;

/** One BFF's edge metrics, read at one moment. */
export interface EdgeMetrics {
  /** What each lane has shed since the BFF started (its counters). */
  shed: Sheds;
  /** Work it had admitted and not finished (its lanes together). */
  inFlight: number;
}

/** One BFF's edge metrics with when and where they were read. */
export interface EdgeReading extends EdgeMetrics {
  /** When it was read (ms since the epoch). */
  at: number;
  /** Which replica (its URL). */
  replica: string;
}

function noSheds(): Sheds {
  return { fresh: 0, password: 0 };
}

/** Adds to `into` what each lane's shed counter grew by from `before` to `after` (restarted: 0). */
function addShedsBetween(into: Sheds, before: EdgeMetrics, after: EdgeMetrics): void {
  for (const lane of LANES) into[lane] += Math.max(0, after.shed[lane] - before.shed[lane]);
}

/** Whether any lane shed. */
export function anyShed(sheds: Sheds): boolean {
  return LANES.some((lane) => sheds[lane] > 0);
}

/** The sheds as printed: `3 fresh / 12 password`. */
export function describeSheds(sheds: Sheds): string {
  return LANES.map((lane) => `${sheds[lane]} ${lane}`).join(' / ');
}

/** A sample line of the exposition: its name, its labels, its value. */
const SAMPLE = /^([a-z_]+)(?:\{([^}]*)\})?\s+(\S+)/;

const LANE_LABEL = /(?:^|,)lane="([^"]*)"/;

/** The lane a sample's labels name, if one of the admission's. */
function laneOf(labels: string): Lane | undefined {
  const named = LANE_LABEL.exec(labels)?.[1];
  return LANES.find((lane) => lane === named);
}

/**
 * The edge's figures from a Prometheus text exposition: sheds summed per lane, work in flight
 * summed over the lanes. A lane not exported (not yet counted) reads 0.
 */
export function parseEdgeMetrics(text: string): EdgeMetrics {
  const metrics: EdgeMetrics = { shed: noSheds(), inFlight: 0 };
  for (const line of text.split('\n')) {
    const match = SAMPLE.exec(line);
    const value = Number(match?.[3]);
    if (!match || !Number.isFinite(value)) continue;
    const [, name, labels = ''] = match;
    if (name === 'upright_edge_in_flight') metrics.inFlight += value;
    const lane = name === 'upright_edge_shed_total' ? laneOf(labels) : undefined;
    if (lane !== undefined) metrics.shed[lane] += value;
  }
  return metrics;
}

/** A BFF's own account of the last data change it applied (docs/product/rules.md#s11). */
export interface AppliedVersionMove {
  /** Seconds from the change's announcement to the replica applying it. */
  lagSeconds: number;
  /** When it applied it (ms since the epoch). */
  appliedAtMs: number;
}

/**
 * The last version move a BFF applied, from its exposition
 * (`upright_public_versions_{lag_seconds,applied_timestamp_seconds}`); undefined when it exports
 * none or has applied none since it started (both 0).
 */
export function parseVersionMove(text: string): AppliedVersionMove | undefined {
  let lagSeconds: number | undefined;
  let appliedAtMs: number | undefined;
  for (const line of text.split('\n')) {
    const match = SAMPLE.exec(line);
    const value = Number(match?.[3]);
    if (!match || !Number.isFinite(value)) continue;
    if (match[1] === 'upright_public_versions_lag_seconds') lagSeconds = value;
    if (match[1] === 'upright_public_versions_applied_timestamp_seconds')
      appliedAtMs = value * 1000;
  }
  if (lagSeconds === undefined || appliedAtMs === undefined || appliedAtMs === 0) return undefined;
  return { lagSeconds, appliedAtMs };
}

/**
 * Whether a BFF has caught up with a crowd, by two readings of it in a row: nothing in flight in
 * either and nothing shed between them. A step of the open arrival rate measured before that
 * measures the crowd's wake (it found the capacity at 17.5 iterations a second, when the next
 * run's found 55–70).
 */
export function caughtUp(before: EdgeMetrics, after: EdgeMetrics): boolean {
  return (
    before.inFlight === 0 &&
    after.inFlight === 0 &&
    LANES.every((lane) => after.shed[lane] === before.shed[lane])
  );
}

/**
 * The readings by second of the run (from `begin`): each replica's sheds between two readings
 * count in the second the interval began (a replica's first reading is its baseline). Every
 * second with a reading is there, so a second the BFFs were read in and shed nothing shows 0s.
 */
export function edgeBySecond(readings: readonly EdgeReading[], begin: number): Map<number, Sheds> {
  const bySecond = new Map<number, Sheds>();
  const shedsIn = (at: number) => {
    const second = Math.floor((at - begin) / 1000);
    const seen = bySecond.get(second) ?? noSheds();
    bySecond.set(second, seen);
    return seen;
  };
  const last = new Map<string, EdgeReading>();
  for (const reading of [...readings].sort((a, b) => a.at - b.at)) {
    // Its second is there even when no interval of a replica began in it.
    shedsIn(reading.at);
    const before = last.get(reading.replica);
    last.set(reading.replica, reading);
    if (before !== undefined) addShedsBetween(shedsIn(before.at), before, reading);
  }
  return bySecond;
}

/** Sheds by lane between two readings of the same BFFs (in order); an unread one counts none. */
export function shedBetween(
  before: ReadonlyArray<EdgeMetrics | undefined>,
  after: ReadonlyArray<EdgeMetrics | undefined>,
): Sheds {
  const sheds = noSheds();
  before.forEach((start, index) => {
    const end = after[index];
    if (start !== undefined && end !== undefined) addShedsBetween(sheds, start, end);
  });
  return sheds;
}
