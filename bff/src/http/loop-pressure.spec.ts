import { LoopPressure } from './loop-pressure';

/** `count` requests arriving in the turn before the next sample. */
function arrive(pressure: LoopPressure, count: number): void {
  for (let i = 0; i < count; i += 1) pressure.sheds();
}

describe('LoopPressure', () => {
  const settings = { maxDelayMs: 50, sustainedSamples: 3, minArrivals: 10 };

  it('sheds once the loop has stayed late for the given turns in a row while requests came in', () => {
    const pressure = new LoopPressure(settings);
    for (const delay of [80, 80]) {
      arrive(pressure, 5);
      pressure.record(delay);
    }
    expect(pressure.sheds()).toBe(false);
    pressure.record(80);
    expect(pressure.sheds()).toBe(true);
    expect(pressure.sheds()).toBe(true);
    expect(pressure.shed).toBe(2);
  });

  it('takes one slow turn (a render, a collection) for no pressure', () => {
    const pressure = new LoopPressure(settings);
    for (const delay of [400, 0, 400, 2, 400, 0]) {
      arrive(pressure, 20);
      pressure.record(delay);
    }
    expect(pressure.sheds()).toBe(false);
    expect(pressure.shed).toBe(0);
  });

  it('does not shed the few requests of a loop made late by other processes', () => {
    const pressure = new LoopPressure(settings);
    for (let turn = 0; turn < 20; turn += 1) {
      arrive(pressure, turn % 4 === 0 ? 1 : 0);
      pressure.record(120);
    }
    expect(pressure.sheds()).toBe(false);
    // The same late loop with a crowd arriving is behind on it.
    arrive(pressure, 12);
    pressure.record(120);
    expect(pressure.sheds()).toBe(true);
  });

  it('stops shedding at the first turn on time, and reports each episode once', () => {
    const reports: string[] = [];
    const pressure = new LoopPressure({ ...settings, report: (line) => reports.push(line) });
    // The fourth turn's 4 arrivals are shed already, and 2 more after it.
    for (const delay of [90, 90, 90, 90]) {
      arrive(pressure, 4);
      pressure.record(delay);
    }
    expect(pressure.sheds()).toBe(true);
    expect(pressure.sheds()).toBe(true);
    pressure.record(50);
    expect(pressure.sheds()).toBe(false);
    expect(pressure.delayMs).toBe(50);
    pressure.record(0);
    expect(reports).toEqual([
      'Event loop late by more than 50 ms for 3 turns while 12 requests came in: shedding new requests (503)',
      'Event loop on time again; 6 requests shed',
    ]);
  });

  it('measures a real loop kept busy, and sees it on time again once it is free', async () => {
    const pressure = new LoopPressure({ maxDelayMs: 20, sustainedSamples: 2, minArrivals: 0 });
    pressure.start();
    try {
      // Turns each blocking the loop well beyond the limit, until it sheds: two in a row are
      // enough on a quiet machine; beside another test worker on two cores it once did not shed
      // after three.
      let shedding = false;
      for (let turn = 0; turn < 20 && !shedding; turn += 1) {
        const until = performance.now() + 60;
        while (performance.now() < until);
        await new Promise((resolve) => setTimeout(resolve, 0));
        await new Promise((resolve) => setImmediate(resolve));
        shedding = pressure.sheds();
      }
      expect(pressure.delayMs).toBeGreaterThan(20);
      expect(shedding).toBe(true);
      // Free again: the next turns on time end it (a busy test machine may take a few).
      for (let wait = 0; wait < 100 && pressure.sheds(); wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, LoopPressure.SAMPLE_MS));
      }
      expect(pressure.sheds()).toBe(false);
    } finally {
      pressure.stop();
    }
  });
});
