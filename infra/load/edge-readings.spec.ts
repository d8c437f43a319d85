import {
  anyShed,
  caughtUp,
  describeSheds,
  edgeBySecond,
  parseEdgeMetrics,
  parseVersionMove,
  shedBetween,
  type EdgeMetrics,
  type EdgeReading,
  type Sheds,
} from './edge-readings';

// As prom-client prints them (HELP and TYPE lines, labels in any order, other metrics beside).
const EXPOSITION = `# HELP upright_edge_shed_total Answered 503 at once: the lane was at its limit
# TYPE upright_edge_shed_total counter
upright_edge_shed_total{lane="fresh",service="bff"} 12
upright_edge_shed_total{service="bff",lane="password"} 3
upright_edge_shed_total{lane="password",service="bff",pod="b"} 4
upright_edge_admitted_total{lane="fresh",service="bff"} 900
upright_edge_limit{lane="password",service="bff"} 8
upright_edge_in_flight{lane="fresh",service="bff"} 5
upright_edge_in_flight{lane="password",service="bff"} 2
nodejs_eventloop_lag_seconds 0.01
`;

describe('parseVersionMove', () => {
  it("reads the replica's last version move: its lag and when it was applied", () => {
    const text = `${EXPOSITION}# TYPE upright_public_versions_lag_seconds gauge
upright_public_versions_lag_seconds{service="bff"} 0.042
upright_public_versions_applied_timestamp_seconds{service="bff"} 1764770000.25
`;
    expect(parseVersionMove(text)).toEqual({ lagSeconds: 0.042, appliedAtMs: 1764770000250 });
  });

  it('has none from a replica that applied none since it started, or exports none', () => {
    const none = `upright_public_versions_lag_seconds{service="bff"} 0
upright_public_versions_applied_timestamp_seconds{service="bff"} 0
`;
    expect(parseVersionMove(none)).toBeUndefined();
    expect(parseVersionMove(EXPOSITION)).toBeUndefined();
  });
});

describe('parseEdgeMetrics', () => {
  it('reads the sheds summed per lane and the work in flight over the lanes', () => {
    expect(parseEdgeMetrics(EXPOSITION)).toEqual({ shed: { fresh: 12, password: 7 }, inFlight: 7 });
  });

  it('reads a lane the BFF does not export, and an absent gauge, as 0', () => {
    expect(parseEdgeMetrics('upright_edge_shed_total{lane="fresh"} 2\n')).toEqual({
      shed: { fresh: 2, password: 0 },
      inFlight: 0,
    });
  });

  it('counts no shed of a lane the admission does not have', () => {
    expect(parseEdgeMetrics('upright_edge_shed_total{lane="render"} 9\n').shed).toEqual({
      fresh: 0,
      password: 0,
    });
  });
});

describe('caughtUp', () => {
  const quiet: EdgeMetrics = { shed: { fresh: 12, password: 40 }, inFlight: 0 };

  it('holds when nothing is in flight in both readings and nothing was shed between them', () => {
    expect(caughtUp(quiet, { ...quiet, shed: { ...quiet.shed } })).toBe(true);
  });

  it.each<[string, Partial<EdgeMetrics>, Partial<EdgeMetrics>]>([
    ['work in flight', { inFlight: 1 }, {}],
    ['work in flight at the second reading', {}, { inFlight: 3 }],
    ['the fresh lane shed between the readings', {}, { shed: { fresh: 13, password: 40 } }],
    ['the password lane shed between the readings', {}, { shed: { fresh: 12, password: 41 } }],
    ['a restart between the readings', {}, { shed: { fresh: 0, password: 0 } }],
  ])('does not hold with %s', (_, before, after) => {
    expect(caughtUp({ ...quiet, ...before }, { ...quiet, ...after })).toBe(false);
  });
});

describe('edgeBySecond', () => {
  const begin = 1_000_000;
  const reading = (replica: string, ms: number, shed: Partial<Sheds>): EdgeReading => ({
    at: begin + ms,
    replica,
    shed: { fresh: 0, password: 0, ...shed },
    inFlight: 0,
  });

  it("counts each replica's sheds between readings in the second they began", () => {
    const bySecond = edgeBySecond(
      [
        reading('warm', 300, { fresh: 10 }),
        reading('warm', 1300, { fresh: 50, password: 20 }),
        reading('warm', 2300, { fresh: 55, password: 20 }),
        // The cold replica's first reading is its baseline: what it shed before is not placed.
        reading('cold', 1500, { password: 4 }),
        reading('cold', 2500, { fresh: 2, password: 34 }),
      ],
      begin,
    );
    expect([...bySecond.keys()].sort()).toEqual([0, 1, 2]);
    expect(bySecond.get(0)).toEqual({ fresh: 40, password: 20 });
    expect(bySecond.get(1)).toEqual({ fresh: 7, password: 30 });
    // Read, but no interval began in it: shown, with nothing shed.
    expect(bySecond.get(2)).toEqual({ fresh: 0, password: 0 });
  });

  it('counts nothing back when a replica restarted (its counters began again)', () => {
    const bySecond = edgeBySecond(
      [reading('warm', 100, { fresh: 500, password: 9 }), reading('warm', 1100, { fresh: 3 })],
      begin,
    );
    expect(bySecond.get(0)).toEqual({ fresh: 0, password: 0 });
  });
});

describe('shedBetween', () => {
  const metrics = (fresh: number, password: number): EdgeMetrics => ({
    shed: { fresh, password },
    inFlight: 0,
  });

  it('sums each lane over the BFFs, skipping one not read either time', () => {
    expect(
      shedBetween(
        [metrics(1, 10), metrics(5, 0), undefined],
        [metrics(4, 10), metrics(5, 7), metrics(9, 9)],
      ),
    ).toEqual({ fresh: 3, password: 7 });
  });

  it('counts nothing back from a BFF that restarted in between', () => {
    expect(shedBetween([metrics(8, 8)], [metrics(1, 0)])).toEqual({ fresh: 0, password: 0 });
  });
});

describe('anyShed and describeSheds', () => {
  it.each<[Sheds, boolean, string]>([
    [{ fresh: 0, password: 0 }, false, '0 fresh / 0 password'],
    [{ fresh: 3, password: 0 }, true, '3 fresh / 0 password'],
    [{ fresh: 0, password: 12 }, true, '0 fresh / 12 password'],
  ])('tells %j: shed %s, printed "%s"', (sheds, shed, printed) => {
    expect(anyShed(sheds)).toBe(shed);
    expect(describeSheds(sheds)).toBe(printed);
  });
});
