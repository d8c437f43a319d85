import {
  caughtUp,
  edgeBySecond,
  parseEdgeMetrics,
  shedBetween,
  type EdgeMetrics,
  type EdgeReading,
} from './edge-readings';

// As prom-client prints them (HELP and TYPE lines, labels, other metrics beside).
const EXPOSITION = `# HELP upright_edge_shed_total Answered 503 at once: the lane was at its limit
# TYPE upright_edge_shed_total counter
upright_edge_shed_total{lane="fresh",service="bff"} 12
upright_edge_shed_total{lane="render",service="bff"} 3
upright_edge_loop_shed_total{service="bff"} 40
upright_edge_accept_backlog_shed_total{service="bff"} 7
upright_edge_accept_backlog{service="bff"} 210
upright_edge_loop_delay_seconds{service="bff"} 0.085
upright_edge_in_flight{lane="fresh",service="bff"} 5
nodejs_eventloop_lag_seconds 0.01
`;

describe('parseEdgeMetrics', () => {
  it("reads the edge's sheds by cause (lanes summed) and its gauges", () => {
    expect(parseEdgeMetrics(EXPOSITION)).toEqual({
      shedLane: 15,
      shedLoop: 40,
      shedQueue: 7,
      acceptQueue: 210,
      loopDelayMs: 85,
      inFlight: 5,
    });
  });

  it('reads what a BFF does not export (a way of shedding turned off) as 0', () => {
    expect(parseEdgeMetrics('upright_edge_shed_total{lane="fresh"} 2\n')).toEqual({
      shedLane: 2,
      shedLoop: 0,
      shedQueue: 0,
      acceptQueue: 0,
      loopDelayMs: 0,
      inFlight: 0,
    });
  });
});

describe('caughtUp', () => {
  const quiet: EdgeMetrics = {
    shedLane: 12,
    shedLoop: 40,
    shedQueue: 7,
    acceptQueue: 0,
    loopDelayMs: 4,
    inFlight: 0,
  };

  it('holds when both readings are quiet and nothing was shed between them', () => {
    expect(caughtUp(quiet, { ...quiet, loopDelayMs: 20 })).toBe(true);
  });

  it.each<[string, Partial<EdgeMetrics>, Partial<EdgeMetrics>]>([
    ['work in flight', { inFlight: 1 }, {}],
    ['work in flight at the second reading', {}, { inFlight: 3 }],
    ['connections waiting to be accepted', {}, { acceptQueue: 2 }],
    ['a late loop', { loopDelayMs: 21 }, {}],
    ['a lane shed between the readings', {}, { shedLane: 13 }],
    ['the loop shed between the readings', {}, { shedLoop: 41 }],
    ['the accept queue shed between the readings', {}, { shedQueue: 8 }],
  ])('does not hold with %s', (_, before, after) => {
    expect(caughtUp({ ...quiet, ...before }, { ...quiet, ...after })).toBe(false);
  });
});

describe('edgeBySecond', () => {
  const begin = 1_000_000;
  const reading = (replica: string, ms: number, values: Partial<EdgeReading>): EdgeReading => ({
    at: begin + ms,
    replica,
    shedLane: 0,
    shedLoop: 0,
    shedQueue: 0,
    acceptQueue: 0,
    loopDelayMs: 0,
    inFlight: 0,
    ...values,
  });

  it("counts each replica's sheds between readings in the second they began, gauges where read", () => {
    const bySecond = edgeBySecond(
      [
        reading('warm', 300, { shedLoop: 10, acceptQueue: 5 }),
        reading('warm', 1300, { shedLoop: 50, shedQueue: 20, acceptQueue: 300, loopDelayMs: 90 }),
        reading('warm', 2300, { shedLoop: 55, shedQueue: 20, loopDelayMs: 10 }),
        // The cold replica's first reading is its baseline: what it shed before is not placed.
        reading('cold', 1500, { shedQueue: 4, acceptQueue: 120 }),
        reading('cold', 2500, { shedQueue: 34, shedLane: 2, acceptQueue: 40 }),
      ],
      begin,
    );
    expect([...bySecond.keys()].sort()).toEqual([0, 1, 2]);
    expect(bySecond.get(0)).toEqual({
      shedLane: 0,
      shedLoop: 40,
      shedQueue: 20,
      acceptQueueMax: 5,
      loopDelayMaxMs: 0,
    });
    expect(bySecond.get(1)).toEqual({
      shedLane: 2,
      shedLoop: 5,
      shedQueue: 30,
      acceptQueueMax: 300,
      loopDelayMaxMs: 90,
    });
    expect(bySecond.get(2)).toEqual({
      shedLane: 0,
      shedLoop: 0,
      shedQueue: 0,
      acceptQueueMax: 40,
      loopDelayMaxMs: 10,
    });
  });

  it('counts nothing back when a replica restarted (its counters began again)', () => {
    const bySecond = edgeBySecond(
      [reading('warm', 100, { shedLoop: 500 }), reading('warm', 1100, { shedLoop: 3 })],
      begin,
    );
    expect(bySecond.get(0)?.shedLoop).toBe(0);
  });
});

describe('shedBetween', () => {
  const metrics = (shedLane: number, shedLoop: number, shedQueue: number): EdgeMetrics => ({
    shedLane,
    shedLoop,
    shedQueue,
    acceptQueue: 0,
    loopDelayMs: 0,
    inFlight: 0,
  });

  it('sums each cause over the BFFs, skipping one not read either time', () => {
    expect(
      shedBetween(
        [metrics(1, 10, 0), metrics(5, 0, 2), undefined],
        [metrics(4, 10, 0), metrics(5, 7, 2), metrics(9, 9, 9)],
      ),
    ).toEqual({ shedLane: 3, shedLoop: 7, shedQueue: 0 });
  });

  it('counts nothing back from a BFF that restarted in between', () => {
    expect(shedBetween([metrics(8, 8, 8)], [metrics(1, 0, 0)])).toEqual({
      shedLane: 0,
      shedLoop: 0,
      shedQueue: 0,
    });
  });
});
