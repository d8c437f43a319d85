import {
  answeredWindowSeconds,
  generatorLoadBySecond,
  capacity,
  crowdFigures,
  crowdFiguresBy,
  crowdVerdicts,
  holdsBar,
  keptReadRefusals,
  nextRate,
  replicaSheddingBySecond,
  type Step,
} from './crowd-figures';
import type { Sample } from './figures';

const ok = (ms: number, target = 'warm'): Sample => ({
  journey: 'visitor_browse',
  step: 'home.active',
  status: 200,
  ms,
  ok: true,
  target,
});
const shed = (ms: number, retryAfter = true, target = 'warm'): Sample => ({
  ...ok(ms, target),
  status: 503,
  ok: false,
  retryAfter,
});
const timeout = (target = 'warm'): Sample => ({
  ...ok(10_000, target),
  status: 0,
  ok: false,
  timedOut: true,
});
const gateway = (target = 'warm'): Sample => ({ ...ok(5000, target), status: 504, ok: false });
const reset = (): Sample => ({ ...ok(3), status: 0, ok: false });
const kept = (step: string, ms = 5): Sample => ({ ...ok(ms), step, public: true });

describe('crowd figures', () => {
  it('takes percentiles of successes only and splits failures by kind', () => {
    const samples = [
      ...Array.from({ length: 96 }, (_, i) => ok(i + 1)),
      shed(3),
      shed(70, false),
      timeout(),
      gateway(),
    ];
    const figures = crowdFigures(samples, 10);
    expect(figures.shedP95Ms).toBe(70);
    expect(figures.serverErrors).toBe(1);
    expect(figures.connectionErrors).toBe(0);
    expect(crowdFigures([reset(), shed(3)], 1)).toMatchObject({
      connectionErrors: 1,
      serverErrors: 0,
      otherErrors: 1,
    });
    expect(figures.requests).toBe(100);
    expect(figures.rate).toBe(10);
    expect(figures.p50).toBe(48);
    expect(figures.p99).toBe(96);
    expect(figures.shedShare).toBeCloseTo(0.02);
    expect(figures.shedWithoutRetryAfter).toBe(1);
    expect(figures.shedMaxMs).toBe(70);
    expect(figures.shedP99Ms).toBe(70);
    expect(figures.timeouts).toBe(1);
    expect(figures.gatewayTimeouts).toBe(1);
    expect(figures.otherErrors).toBe(1);
    expect(figures.errorShare).toBeCloseTo(0.02);
  });

  it('tells a few slow sheds from many: the slowest and the 99th percentile of the 503s', () => {
    const figures = crowdFigures([...Array.from({ length: 199 }, () => shed(5)), shed(900)], 1);
    expect(figures.shedMaxMs).toBe(900);
    expect(figures.shedP99Ms).toBe(5);
    expect(crowdFigures([ok(10)], 1).shedP99Ms).toBe(0);
  });

  it('gives the median 503 beside the slow ones: sheds that all wait are not a few slow ones', () => {
    const figures = crowdFigures([shed(20), shed(120), shed(130), shed(140), ok(1)], 1);
    expect(figures.shedP50Ms).toBe(120);
    expect(figures.shedMaxMs).toBe(140);
    expect(crowdFigures([ok(10)], 1).shedP50Ms).toBe(0);
  });

  it('groups per replica in first-seen order', () => {
    const groups = crowdFiguresBy(
      [ok(1, 'a'), ok(2, 'b'), shed(1, true, 'a')],
      1,
      (s) => s.target!,
    );
    expect(groups.map(([key, figures]) => [key, figures.requests])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
  });

  it('holds the bar only with p99 ≤ 500 ms and nothing failed or shed', () => {
    expect(holdsBar(crowdFigures([ok(500)], 1))).toBe(true);
    expect(holdsBar(crowdFigures([ok(501)], 1))).toBe(false);
    expect(holdsBar(crowdFigures([ok(10), shed(1)], 1))).toBe(false);
    expect(holdsBar(crowdFigures([ok(10), gateway()], 1))).toBe(false);
    expect(holdsBar(crowdFigures([], 1))).toBe(false);
  });
});

describe('replica shedding by second', () => {
  const at = (sample: Sample, ms: number): Sample => ({ ...sample, at: ms });

  it('splits each second from the start by replica, in the order given, with the share shed', () => {
    const seconds = replicaSheddingBySecond(
      [
        at(ok(5, 'cold'), 1_000),
        at(shed(5, true, 'cold'), 1_500),
        at(shed(5, true, 'cold'), 1_999),
        at(ok(5, 'warm'), 1_200),
        at(ok(5, 'warm'), 3_100),
        at(shed(5, true, 'cold'), 3_900),
      ],
      1_000,
      ['warm', 'cold'],
    );
    expect(seconds.map(({ second }) => second)).toEqual([0, 2]);
    expect([...seconds[0].byTarget.keys()]).toEqual(['warm', 'cold']);
    expect(seconds[0].byTarget.get('warm')).toEqual({ requests: 1, shedShare: 0 });
    expect(seconds[0].byTarget.get('cold')!.requests).toBe(3);
    expect(seconds[0].byTarget.get('cold')!.shedShare).toBeCloseTo(2 / 3);
    expect(seconds[1].byTarget.get('warm')).toEqual({ requests: 1, shedShare: 0 });
    expect(seconds[1].byTarget.get('cold')).toEqual({ requests: 1, shedShare: 1 });
  });

  it('leaves out requests before the start, without a time, or to another target', () => {
    const seconds = replicaSheddingBySecond(
      [at(ok(5, 'cold'), 999), ok(5, 'cold'), at(shed(5, true, 'other'), 1_100)],
      1_000,
      ['warm', 'cold'],
    );
    expect(seconds).toEqual([]);
  });

  it('gives a replica that was sent nothing in a second no requests and no shed share', () => {
    const [only] = replicaSheddingBySecond([at(shed(5), 1_000)], 1_000, ['warm', 'cold']);
    expect(only.byTarget.get('warm')).toEqual({ requests: 1, shedShare: 1 });
    expect(only.byTarget.get('cold')).toEqual({ requests: 0, shedShare: 0 });
  });
});

describe('capacity search', () => {
  const search = (limit: number, start: number, maxSteps: number) => {
    const steps: Step[] = [];
    for (let rate = nextRate(steps, start, maxSteps); rate !== undefined;) {
      steps.push({ rate, passed: rate <= limit });
      rate = nextRate(steps, start, maxSteps);
    }
    return steps;
  };

  it('doubles until a step fails, then bisects towards the limit', () => {
    const steps = search(70, 20, 10);
    expect(steps.slice(0, 3).map((step) => step.rate)).toEqual([20, 40, 80]);
    expect(steps[3].rate).toBe(60);
    expect(capacity(steps)).toBeGreaterThanOrEqual(60);
    expect(capacity(steps)).toBeLessThanOrEqual(70);
  });

  it('goes down when the first rate already fails', () => {
    const steps = search(7, 20, 10);
    expect(steps.map((step) => step.rate).slice(0, 3)).toEqual([20, 10, 5]);
    expect(capacity(steps)).toBeGreaterThanOrEqual(5);
  });

  it('stops after the steps it may run, and reports 0 when none held', () => {
    expect(search(1000, 20, 3)).toHaveLength(3);
    expect(capacity([{ rate: 20, passed: false }])).toBe(0);
  });
});

describe('kept public reads refused', () => {
  it('counts the steps most of whose successes were public, and every 503 of theirs', () => {
    const samples = [
      kept('home.featured'),
      kept('home.featured'),
      { ...shed(2), step: 'home.featured' },
      kept('industry.companies'),
      { ...ok(5), step: 'industry.companies' },
      kept('industry.companies'),
      // Private answers (a member's ranking): not a kept read, whatever its refusals.
      { ...ok(5), step: 'priorities.load' },
      { ...shed(2), step: 'priorities.load' },
    ];
    expect(keptReadRefusals(samples)).toEqual({
      steps: ['home.featured', 'industry.companies'],
      requests: 6,
      refused: 1,
      share: 1 / 6,
    });
  });
});

describe('crowd verdicts', () => {
  const clean = crowdFigures([ok(100), ok(900)], 1);
  const keptClean = keptReadRefusals([kept('home.featured')]);

  it('passes a clean run whose replicas match and whose import was seen in time', () => {
    const verdicts = crowdVerdicts({
      closed: clean,
      warm: clean,
      cold: clean,
      freshAfterMs: 800,
      kept: keptClean,
      keptAfterRatio: 0.97,
    });
    expect(verdicts.every((verdict) => verdict.ok)).toBe(true);
  });

  it('fails on timeouts, connection errors, 5xx, refused kept reads, slow refusals, wear, a worse cold replica, stale data', () => {
    const bad = crowdFigures([ok(1500), timeout(), reset(), gateway(), shed(2000, false)], 1);
    const verdicts = crowdVerdicts({
      closed: bad,
      warm: clean,
      cold: bad,
      freshAfterMs: 1200,
      kept: keptReadRefusals([kept('home.featured'), { ...shed(2), step: 'home.featured' }]),
      keptAfterRatio: 0.9,
    });
    expect(verdicts.filter((verdict) => !verdict.ok)).toHaveLength(verdicts.length);
  });

  it('judges latency by ratios within the run, never by milliseconds', () => {
    // A slow host: successes' p99 of 4 s and refusals of up to 900 ms, each with Retry-After,
    // still under the successes' p95.
    const slow = crowdFigures([ok(1000), ok(3000), ok(4000), shed(900), shed(600)], 1);
    const verdicts = crowdVerdicts({
      closed: slow,
      warm: slow,
      cold: slow,
      freshAfterMs: 200,
      kept: keptClean,
      keptAfterRatio: 1,
    });
    expect(verdicts.filter((verdict) => !verdict.ok)).toEqual([]);
  });

  it('fails the replica comparison when the cold replica served nothing', () => {
    const verdicts = crowdVerdicts({
      closed: clean,
      warm: clean,
      freshAfterMs: 10,
      kept: keptClean,
      keptAfterRatio: 1,
    });
    expect(verdicts.filter((verdict) => !verdict.ok).map((verdict) => verdict.measured)).toEqual([
      'the cold replica served nothing',
    ]);
  });
});

describe('generator load by second', () => {
  it('puts each report in the second it covers, keeping the busiest thread and the latest loop', () => {
    const begin = 50_000;
    const bySecond = generatorLoadBySecond(
      [
        // Two threads' reports of the run's first second, then one thread's of its second.
        { at: begin + 1000, busy: 0.6, lateMs: 300, priority: -10 },
        { at: begin + 1040, busy: 0.9, lateMs: 120, priority: -10 },
        { at: begin + 2020, busy: 0.4, lateMs: 15, priority: -10 },
      ],
      begin,
    );
    expect([...bySecond.keys()]).toEqual([0, 1]);
    expect(bySecond.get(0)).toEqual({ busy: 0.9, lateMs: 300 });
    expect(bySecond.get(1)).toEqual({ busy: 0.4, lateMs: 15 });
  });

  it('has nothing for a run without reports', () => {
    expect(generatorLoadBySecond([], 0).size).toBe(0);
  });
});

describe("the window a crowd run's rate is per", () => {
  const at = (sentAt: number, ms: number): Sample => ({ ...ok(ms), at: sentAt });

  it('ends with the last answer, not with the run', () => {
    // Sent 19.9 s in and answered 150 ms later: 20.05 s, however long the run took to end.
    expect(answeredWindowSeconds([at(1_000, 40), at(20_900, 150), at(5_000, 900)], 1_000)).toBe(
      20.05,
    );
  });

  it('is empty without a timed sample', () => {
    expect(answeredWindowSeconds([ok(30)], 1_000)).toBe(0);
    expect(answeredWindowSeconds([], 1_000)).toBe(0);
  });
});
