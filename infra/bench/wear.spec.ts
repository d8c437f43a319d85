import type { Comparison } from './suite';
import {
  besideVerdict,
  measurePairs,
  median,
  wearVerdict,
  type PairedSample,
  type WearSample,
} from './wear';

const figures = (requestsPerSecond: number) => ({
  requestsPerSecond,
  p50Ms: 1,
  p95Ms: 2,
  p99Ms: 3,
  errors: 0,
  requests: requestsPerSecond * 10,
});

function read(what: string, bare: number, stack: number, cpuMicrosPerAnswer = 20): WearSample {
  const comparison: Comparison = {
    what,
    bytes: 100,
    bare: figures(bare),
    stack: figures(stack),
    throughputRatio: stack / bare,
    p99Ratio: 1,
  };
  return { comparison, cpuMicrosPerAnswer };
}

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });
});

describe('kept reads after use (bench wear suite)', () => {
  it('holds when every read keeps its ratio to the bare server and its CPU per answer within 5 %', () => {
    const verdict = wearVerdict(
      [[read('active', 40_000, 30_000, 20), read('industry', 30_000, 15_000, 40)]],
      [[read('active', 40_000, 28_800, 20.5), read('industry', 30_000, 15_500, 39)]],
    );
    expect(verdict.reads.map(({ throughput }) => Number(throughput.toFixed(3)))).toEqual([
      0.96, 1.033,
    ]);
    expect(verdict.reads.map(({ cpu }) => Number(cpu.toFixed(3)))).toEqual([0.976, 1.026]);
    expect(verdict.throughputHolds).toBe(true);
    expect(verdict.cpuHolds).toBe(true);
  });

  it('fails when one read lost more than 5 % of its ratio to bare', () => {
    const verdict = wearVerdict(
      [[read('active', 40_000, 30_000), read('industry', 30_000, 15_000)]],
      [[read('active', 40_000, 30_000), read('industry', 30_000, 14_000)]],
    );
    expect(verdict.throughputHolds).toBe(false);
  });

  it('fails when one read costs the BFF more than 5 % more CPU per answer', () => {
    const verdict = wearVerdict(
      [[read('active', 40_000, 30_000, 20)]],
      [[read('active', 40_000, 30_000, 21.5)]],
    );
    expect(verdict.throughputHolds).toBe(true);
    expect(verdict.cpuHolds).toBe(false);
  });

  it('compares with the bare server of the same half: a busier machine is not a slower stack', () => {
    // Both the bare server and the stack lost a fifth: the stack kept its ratio.
    const verdict = wearVerdict(
      [[read('active', 40_000, 30_000)]],
      [[read('active', 32_000, 24_000)]],
    );
    expect(verdict.throughputHolds).toBe(true);
  });

  it('judges each read by its median over the rounds, so one disturbed round does not decide', () => {
    const fresh = [30_000, 31_000, 29_000].map((stack) => [read('active', 40_000, stack)]);
    // One round after use met a busy machine (the stack alone lost a third), the others did not.
    const afterUse = [30_500, 20_000, 29_500].map((stack) => [read('active', 40_000, stack)]);
    const verdict = wearVerdict(fresh, afterUse);
    expect(verdict.reads[0].fresh.ratioToBare).toBe(0.75);
    expect(verdict.reads[0].afterUse.ratioToBare).toBe(29_500 / 40_000);
    expect(verdict.throughputHolds).toBe(true);
  });
});

describe('the used BFF beside a young one (bench wear suite)', () => {
  const pair = (what: string, used: [number, number], young: [number, number]): PairedSample => ({
    what,
    used: { requestsPerSecond: used[0], cpuMicrosPerAnswer: used[1] },
    young: { requestsPerSecond: young[0], cpuMicrosPerAnswer: young[1] },
  });

  it('holds when the used BFF keeps 95 % of the young BFF throughput and CPU per answer', () => {
    const verdict = besideVerdict([
      [pair('active', [28_800, 21], [30_000, 20]), pair('industry', [15_000, 40], [14_800, 41])],
    ]);
    expect(verdict.reads.map(({ throughput }) => Number(throughput.toFixed(3)))).toEqual([
      0.96, 1.014,
    ]);
    expect(verdict.reads.map(({ cpu }) => Number(cpu.toFixed(3)))).toEqual([0.952, 1.025]);
    expect(verdict.throughputHolds).toBe(true);
    expect(verdict.cpuHolds).toBe(true);
  });

  it('fails when the used BFF costs more than 5 % more CPU per answer', () => {
    const verdict = besideVerdict([[pair('active', [30_000, 22], [30_000, 20])]]);
    expect(verdict.cpuHolds).toBe(false);
    expect(verdict.throughputHolds).toBe(true);
  });

  it('pairs each round: a round that met a busy machine on both sides does not decide', () => {
    // The second round's machine was a third slower for both BFFs: its ratio is still ~1.
    const verdict = besideVerdict([
      [pair('active', [30_000, 20], [29_500, 20.2])],
      [pair('active', [20_000, 30], [20_300, 29.7])],
      [pair('active', [29_000, 20.5], [30_500, 19.5])],
    ]);
    expect(verdict.reads[0].throughput).toBeCloseTo(20_000 / 20_300, 3);
    expect(verdict.throughputHolds).toBe(true);
    expect(verdict.cpuHolds).toBe(true);
  });

  it('fails when most rounds find the used BFF slower', () => {
    const verdict = besideVerdict([
      [pair('active', [27_000, 20], [30_000, 20])],
      [pair('active', [30_000, 20], [30_000, 20])],
      [pair('active', [26_000, 20], [30_000, 20])],
    ]);
    expect(verdict.reads[0].throughput).toBeCloseTo(0.9, 3);
    expect(verdict.throughputHolds).toBe(false);
  });
});

describe('measurePairs', () => {
  it('measures each read on both BFFs every round, the one going first alternating', async () => {
    const order: string[] = [];
    const paired = await measurePairs(
      3,
      [
        ['a', '/a'],
        ['b', '/b'],
      ],
      'used',
      'young',
      async (bff, path) => {
        order.push(`${bff} ${path}`);
        return { requestsPerSecond: bff === 'used' ? 90 : 100, cpuMicrosPerAnswer: 10 };
      },
    );
    expect(order).toEqual([
      'used /a',
      'young /a',
      'used /b',
      'young /b',
      'young /a',
      'used /a',
      'young /b',
      'used /b',
      'used /a',
      'young /a',
      'used /b',
      'young /b',
    ]);
    expect(paired).toHaveLength(3);
    for (const round of paired) {
      expect(
        round.map((sample) => [
          sample.what,
          sample.used.requestsPerSecond,
          sample.young.requestsPerSecond,
        ]),
      ).toEqual([
        ['a', 90, 100],
        ['b', 90, 100],
      ]);
    }
    expect(besideVerdict(paired).reads.map((read) => read.throughput)).toEqual([0.9, 0.9]);
  });
});
