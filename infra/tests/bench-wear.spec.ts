import type { Comparison } from '../bench/run';
import { wearVerdict } from '../bench/wear';

const figures = (requestsPerSecond: number) => ({
  requestsPerSecond,
  p50Ms: 1,
  p95Ms: 2,
  p99Ms: 3,
  errors: 0,
  requests: requestsPerSecond * 10,
});

function read(what: string, bare: number, stack: number): Comparison {
  return {
    what,
    bytes: 100,
    bare: figures(bare),
    stack: figures(stack),
    throughputRatio: stack / bare,
    p99Ratio: 1,
  };
}

describe('kept reads after use (bench wear suite)', () => {
  it('holds when every read keeps its ratio to the bare server within 5 %', () => {
    const verdict = wearVerdict(
      [read('active', 40_000, 30_000), read('industry', 30_000, 15_000)],
      [read('active', 40_000, 28_800), read('industry', 30_000, 15_500)],
    );
    expect(verdict.ratios.map(({ ratio }) => Number(ratio.toFixed(3)))).toEqual([0.96, 1.033]);
    expect(verdict.holds).toBe(true);
  });

  it('fails when one read lost more than 5 % of its ratio to bare', () => {
    const verdict = wearVerdict(
      [read('active', 40_000, 30_000), read('industry', 30_000, 15_000)],
      [read('active', 40_000, 30_000), read('industry', 30_000, 14_000)],
    );
    expect(verdict.holds).toBe(false);
  });

  it('compares with the bare server of the same half: a busier machine is not a slower stack', () => {
    // Both the bare server and the stack lost a fifth: the stack kept its ratio.
    const verdict = wearVerdict([read('active', 40_000, 30_000)], [read('active', 32_000, 24_000)]);
    expect(verdict.holds).toBe(true);
  });
});
