import { AdaptiveLimit, Admission } from './admission';

const quiet = { floor: 2, targetMs: 100 };

describe('Admission', () => {
  it('admits up to the cap, sheds beyond it, and admits again once work is released', () => {
    const admission = new Admission(2, quiet, () => 0);
    const first = admission.enter();
    const second = admission.enter();
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(admission.inFlight).toBe(admission.limit);
    expect(admission.enter()).toBeNull();
    expect(admission.shed).toBe(1);
    expect(admission.inFlight).toBe(2);
    first!();
    first!();
    expect(admission.inFlight).toBe(1);
    expect(admission.inFlight).toBeLessThan(admission.limit);
    expect(admission.enter()).not.toBeNull();
    expect(admission.admitted).toBe(3);
  });

  it('admits less work once answers come slower than the target, and sheds the rest', () => {
    let clock = 0;
    const admission = new Admission(10, { floor: 3, targetMs: 100 }, () => clock);
    // Ten slow answers (a limit's worth): one cut, to 7.
    const releases = Array.from({ length: 10 }, () => admission.enter()!);
    clock += 500;
    for (const release of releases) release();
    expect(admission.limit).toBe(7);
    const admitted = Array.from({ length: 10 }, () => admission.enter());
    expect(admitted.filter((release) => release !== null)).toHaveLength(7);
    expect(admission.shed).toBe(3);
  });

  /** A replica whose limit a crowd of slow answers left at its floor (2), on a test clock. */
  function afterACrowd(): { admission: Admission; wait: (ms: number) => void } {
    let clock = 0;
    const admission = new Admission(100, { floor: 2, targetMs: 100 }, () => clock);
    for (let round = 0; round < 20; round++) {
      const releases = Array.from({ length: 8 }, () => admission.enter());
      clock += 500;
      for (const release of releases) release?.();
    }
    expect(admission.limit).toBe(2);
    return { admission, wait: (ms) => (clock += ms) };
  }

  it('keeps the floor for work that comes within five targets, or while work runs', () => {
    const { admission, wait } = afterACrowd();
    wait(499);
    const held = admission.enter()!;
    expect(admission.limit).toBe(2);
    // Time passing while work runs is not idleness.
    wait(5_000);
    expect(admission.enter()).not.toBeNull();
    expect(admission.limit).toBe(2);
    expect(admission.enter()).toBeNull();
    held();
  });

  it('restarts the limit from four floors once the replica has been idle for five targets', () => {
    const { admission, wait } = afterACrowd();
    wait(500);
    const admitted = Array.from({ length: 10 }, () => admission.enter());
    expect(admission.limit).toBe(8);
    expect(admitted.filter((release) => release !== null)).toHaveLength(8);
  });
});

describe('AdaptiveLimit', () => {
  /** A limit at its cap after a quiet start (every answer on time). */
  function atCap(cap: number, floor: number): AdaptiveLimit {
    const limit = new AdaptiveLimit(cap, { floor, targetMs: 50 });
    for (let i = 0; i < 10 * cap; i++) limit.record(10);
    expect(limit.current).toBe(cap);
    return limit;
  }

  it('starts at four floors and doubles per limit of answers within the target, up to the cap', () => {
    const limit = new AdaptiveLimit(100, { floor: 4, targetMs: 50 });
    expect(limit.current).toBe(16);
    for (let i = 0; i < 15; i++) limit.record(10);
    expect(limit.current).toBe(16);
    limit.record(10);
    expect(limit.current).toBe(32);
    for (let i = 0; i < 32; i++) limit.record(10);
    expect(limit.current).toBe(64);
    for (let i = 0; i < 64; i++) limit.record(10);
    expect(limit.current).toBe(100);
  });

  it('starts no higher than the cap', () => {
    expect(new AdaptiveLimit(5, { floor: 4, targetMs: 50 }).current).toBe(5);
  });

  it('cuts once more than a tenth of the recent answers are slow, then at most once per limit of answers, not below the floor', () => {
    const limit = atCap(100, 4);
    // Each answer weighs 1/100: ten slow ones in a row are a share of 0.096, eleven of 0.105.
    for (let i = 0; i < 10; i++) limit.record(80);
    expect(limit.current).toBe(100);
    limit.record(80);
    expect(limit.current).toBe(70);
    for (let i = 0; i < 69; i++) limit.record(80);
    expect(limit.current).toBe(70);
    limit.record(80);
    expect(limit.current).toBe(49);
    for (let i = 0; i < 10_000; i++) limit.record(80);
    expect(limit.current).toBe(4);
  });

  it('holds through a tail of slow answers, and is cut when a quarter of them are slow', () => {
    const limit = atCap(100, 4);
    // One answer in 25 over the target (a p96 above it): every limit's worth holds several.
    for (let i = 1; i <= 10_000; i++) limit.record(i % 25 === 0 ? 80 : 10);
    expect(limit.current).toBe(100);
    for (let i = 1; i <= 1000; i++) limit.record(i % 4 === 0 ? 80 : 10);
    expect(limit.current).toBeLessThan(100);
  });

  it('after a cut grows back by about one per limit of answers within the target', () => {
    const limit = atCap(20, 4);
    for (let i = 0; i < 1000; i++) limit.record(80);
    expect(limit.current).toBe(4);
    // 4 + 5 + 6 + 7 answers within the target: four steps up, no longer doubling.
    for (let i = 0; i < 4 + 5 + 6 + 7; i++) limit.record(10);
    expect(limit.current).toBe(8);
    for (let i = 0; i < 10_000; i++) limit.record(10);
    expect(limit.current).toBe(20);
  });

  it('a replica starting into slow answers is cut from its start, not from the cap', () => {
    const limit = new AdaptiveLimit(256, { floor: 8, targetMs: 50 });
    for (let i = 0; i < 32; i++) limit.record(80);
    expect(limit.current).toBe(22);
  });

  it('restarts at four floors in slow start, and never lowers a higher limit', () => {
    const limit = atCap(100, 4);
    for (let i = 0; i < 1000; i++) limit.record(80);
    expect(limit.current).toBe(4);
    limit.restart();
    expect(limit.current).toBe(16);
    // Slow start again: a limit's worth of answers within the target doubles it.
    for (let i = 0; i < 16; i++) limit.record(10);
    expect(limit.current).toBe(32);
    limit.restart();
    expect(limit.current).toBe(32);
    // A restart forgets the crowd's slow share: one slow answer in sixteen does not cut it.
    for (let i = 0; i < 1000; i++) limit.record(80);
    limit.restart();
    for (let i = 0; i < 15; i++) limit.record(10);
    limit.record(80);
    expect(limit.current).toBe(16);
  });

  it('holds at the cap while answers are within the target', () => {
    const limit = new AdaptiveLimit(8, { floor: 2, targetMs: 50 });
    for (let i = 0; i < 100; i++) limit.record(50);
    expect(limit.current).toBe(8);
  });
});
