/**
 * Whether this process is behind on a crowd's requests (decision record 0061). Kept answers are not
 * admitted one by one (they cost microseconds), so under a crowd the BFF's queue is not in its
 * lanes: it is the requests waiting in their sockets for the event loop to read them, each waiting
 * as long as the loop is late. A timer that should fire every SAMPLE_MS measures that delay. Once
 * it has been late beyond the limit for `sustainedSamples` turns in a row, and at least
 * `minArrivals` requests came in meanwhile, the edge answers new requests 503 with `Retry-After`
 * before any work, so clients back off and the loop catches up. One turn on time ends it.
 *
 * What is not pressure: one slow turn (a long render, a garbage collection), and a loop made late
 * by other processes while few requests arrive (a browser beside the stack in a test): shedding
 * those few would fail them and relieve nothing.
 */
export interface LoopPressureSettings {
  /** A turn later than this is late. */
  maxDelayMs: number;
  /** Late turns in a row before new requests are shed; one on time ends it. */
  sustainedSamples: number;
  /** Requests that must have arrived during those late turns. */
  minArrivals: number;
  /** Told once when shedding starts and once when it ends (operators' logs). */
  report?: (message: string) => void;
}

export class LoopPressure {
  /** How often the loop's delay is measured: a turn is at least this long when idle. */
  static readonly SAMPLE_MS = 10;

  private lateInARow = 0;

  private arrivedSinceSample = 0;

  private arrivedWhileLate = 0;

  private shedding = false;

  private shedAtEpisodeStart = 0;

  private timer: NodeJS.Timeout | undefined;

  /** The last turn's delay, in milliseconds (for the operators' gauge). */
  delayMs = 0;

  /** Requests answered 503 because the loop was late. */
  shed = 0;

  constructor(
    private readonly settings: LoopPressureSettings,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Measures each turn until `stop`; the timer does not keep the process alive. */
  start(): void {
    let expected = this.now() + LoopPressure.SAMPLE_MS;
    const sample = () => {
      const now = this.now();
      this.record(Math.max(0, now - expected));
      expected = now + LoopPressure.SAMPLE_MS;
      this.timer = setTimeout(sample, LoopPressure.SAMPLE_MS).unref();
    };
    this.timer = setTimeout(sample, LoopPressure.SAMPLE_MS).unref();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  record(delayMs: number): void {
    const { maxDelayMs, sustainedSamples, minArrivals, report } = this.settings;
    this.delayMs = delayMs;
    const late = delayMs > maxDelayMs;
    this.lateInARow = late ? this.lateInARow + 1 : 0;
    this.arrivedWhileLate = late ? this.arrivedWhileLate + this.arrivedSinceSample : 0;
    this.arrivedSinceSample = 0;
    const shedding = this.lateInARow >= sustainedSamples && this.arrivedWhileLate >= minArrivals;
    if (shedding && !this.shedding) {
      this.shedAtEpisodeStart = this.shed;
      report?.(
        `Event loop late by more than ${maxDelayMs} ms for ${this.lateInARow} turns while ` +
          `${this.arrivedWhileLate} requests came in: shedding new requests (503)`,
      );
    } else if (!shedding && this.shedding) {
      report?.(`Event loop on time again; ${this.shed - this.shedAtEpisodeStart} requests shed`);
    }
    this.shedding = shedding;
  }

  /** Counts an arriving request; true while the loop is behind (the caller sheds it). */
  sheds(): boolean {
    this.arrivedSinceSample += 1;
    if (!this.shedding) return false;
    this.shed += 1;
    return true;
  }
}
