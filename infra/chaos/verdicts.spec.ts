import {
  chaosExitCode,
  failedReadsByPhase,
  failureExamples,
  failuresByKind,
  isReadStep,
  mailDelays,
  reconcile,
  recovery,
  type WriteRecord,
} from './verdicts';

const write = (marker: string, acknowledged: boolean, attempts = 1): WriteRecord => ({
  kind: 'contact',
  marker,
  acknowledged,
  attempts,
});

describe('chaos verdicts', () => {
  it('reconciles writes with what landed: lost, doubled, applied unacknowledged, failed', () => {
    const tallies = reconcile(
      [
        write('fine', true),
        write('lost', true, 2),
        write('doubled', true),
        write('unacked', false, 2),
        write('failed', false, 2),
        { kind: 'follow', marker: 'm|i|c', acknowledged: true, attempts: 1 },
      ],
      new Map([
        ['fine', 1],
        ['doubled', 2],
        ['unacked', 1],
        ['m|i|c', 1],
      ]),
    );
    expect(tallies.all).toEqual({
      attempted: 6,
      acknowledged: 4,
      lost: 1,
      doubled: 1,
      appliedUnacknowledged: 1,
      failed: 1,
      retried: 3,
    });
    expect(tallies.follow.acknowledged).toBe(1);
    expect(tallies.correction.attempted).toBe(0);
  });

  it('counts final failures by kind, not attempts sent again elsewhere', () => {
    expect(
      failuresByKind([
        { at: 1, status: 200, ok: true },
        { at: 1, status: 0, ok: false, retried: true },
        { at: 1, status: 0, ok: false },
        { at: 1, status: 0, ok: false, timedOut: true },
        { at: 1, status: 504, ok: false },
        { at: 1, status: 504, ok: false },
      ]),
    ).toEqual({ 'no connection': 1, timeout: 1, '504': 2 });
  });

  it('keeps the first example of each kind of final failure', () => {
    expect(
      failureExamples([
        { at: 1, status: 403, ok: false, what: 'PUT /a → 403 first' },
        { at: 2, status: 403, ok: false, what: 'PUT /b → 403 second' },
        { at: 3, status: 0, ok: false, retried: true, what: 'GET /c → no answer' },
        { at: 4, status: 200, ok: true },
      ]),
    ).toEqual({ '403': 'PUT /a → 403 first' });
  });

  it('measures recovery from the fault to the last failure of its phase', () => {
    const phases = [
      { name: 'kill', faultAt: 1000, until: 5000 },
      { name: 'restart', faultAt: 5000, until: 9000 },
    ];
    const result = recovery(phases, [
      { at: 1500, status: 504, ok: false },
      { at: 3200, status: 0, ok: false },
      { at: 4000, status: 0, ok: false, retried: true },
      { at: 6000, status: 200, ok: true },
    ]);
    expect(result).toEqual([
      { name: 'kill', failures: 2, recoveredAfterMs: 2200 },
      { name: 'restart', failures: 0, recoveredAfterMs: 0 },
    ]);
  });

  it("counts every failed read, except a store outage's 503 that says when to come back", () => {
    const phases = [
      { name: 'kill', faultAt: 1000, until: 5000 },
      { name: 'Redis restart', faultAt: 5000, until: 9000, refusalsExpected: true },
    ];
    const result = failedReadsByPhase(phases, [
      { at: 1500, status: 503, ok: false, retryAfter: true },
      { at: 2000, status: 0, ok: false, retried: true },
      { at: 5500, status: 503, ok: false, retryAfter: true },
      { at: 6000, status: 503, ok: false },
      { at: 6500, status: 0, ok: false, timedOut: true },
      { at: 7000, status: 500, ok: false },
      { at: 7500, status: 200, ok: true },
    ]);
    expect(result).toEqual([
      { name: 'kill', failed: 1 },
      { name: 'Redis restart', failed: 3 },
    ]);
  });

  it("tells the mix's sign-ins, sign-ups and saves from its reads", () => {
    expect(['home.featured', 'search.results', 'signin.user'].every(isReadStep)).toBe(true);
    expect(['signin.submit', 'signup.submit', 'priorities.save'].some(isReadStep)).toBe(false);
  });

  it('exits non-zero on any loss, double or failed read', () => {
    const tally = reconcile([write('a', true)], new Map([['a', 1]])).all;
    expect(chaosExitCode(tally, 0)).toBe(0);
    expect(chaosExitCode(tally, 1)).toBe(1);
    expect(chaosExitCode({ ...tally, lost: 1 }, 0)).toBe(1);
    expect(chaosExitCode({ ...tally, doubled: 1 }, 0)).toBe(1);
    expect(chaosExitCode(tally, 0, 1)).toBe(1);
  });

  it("measures contact mails from the acknowledging answer to the inbox, against the mail worker's bound", () => {
    const acked = (marker: string, at: number): WriteRecord => ({
      ...write(marker, true),
      acknowledgedAt: at,
    });
    const delays = mailDelays(
      [
        acked('quick', 1_000),
        acked('held-by-a-killed-worker', 2_000),
        acked('late', 3_000),
        acked('not-yet-there', 4_000),
        write('unacknowledged', false),
        { kind: 'correction', marker: 'row', acknowledged: true, attempts: 1, acknowledgedAt: 0 },
      ],
      new Map([
        ['quick', 1_200],
        ['held-by-a-killed-worker', 14_000],
        ['late', 19_000],
        ['unacknowledged', 5_000],
        ['row', 90_000],
      ]),
      15_000,
    );
    expect(delays).toEqual({ mails: 3, p50Ms: 12_000, maxMs: 16_000, late: 1 });
  });
});
