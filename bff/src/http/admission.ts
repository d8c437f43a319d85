/**
 * What a replica works on at once (decision 0049; docs/product/rules.md#s14): fresh work
 * (anything not sent from kept bytes, page renders included) has one limit; beyond it the edge
 * answers 503 with `Retry-After` at once, so overload never becomes a queue that grows. Kept
 * answers are never counted or refused: sending them costs less than a refusal. The limit follows
 * how long the work takes (AdaptiveLimit): a fixed cap high enough for a quiet day lets a crowd
 * queue for seconds behind it.
 */

/** How the limit moves (decision 0049, "admission"). */
export interface AdaptiveSettings {
  /** The limit's floor: this much work is always admitted. */
  floor: number;
  /** Work slower than this, from admission to its answer's end, lowers the limit. */
  targetMs: number;
}

/**
 * A concurrency limit moved by latency, as TCP's congestion window: it starts at START_FLOORS
 * times the floor and doubles with each limit's worth of answers within the target (slow start:
 * a quiet replica soon admits up to the cap); after the first cut it grows by one per limit's
 * worth of answers within the target, up to the cap. It is cut by CUT, at most once per limit's
 * worth of answers (the work admitted under the old limit is slow too), down to the floor, when an
 * answer is slower than the target while more than MAX_SLOW_SHARE of the recent answers were: the
 * limit follows the bulk of the answers, not their tail. Cut at every slow answer, one answer in
 * fifty over the target (a garbage collection, a neighbour taking the core) held the limit at its
 * floor, and a replica with room shed most of a steady load (decision 0049). Starting low matters
 * for a replica that starts into a crowd: from the cap, the cuts take hundreds of slow answers to
 * reach a limit its CPU can serve, and every request waits behind them meanwhile. A replica left
 * idle restarts from there (`restart`, called by Admission).
 */
export class AdaptiveLimit {
  static readonly CUT = 0.7;

  static readonly START_FLOORS = 4;

  /** The share of recent answers over the target beyond which the limit is cut. */
  static readonly MAX_SLOW_SHARE = 0.1;

  /** Where a new replica's limit starts, and an idle replica's restarts. */
  private readonly start: number;

  private value: number;

  private slowStart = true;

  private answersSinceCut = 0;

  private onTimeSinceRaise = 0;

  /**
   * The share of recent answers over the target: a moving average in which each answer weighs
   * 1 / limit, so it remembers about a limit's worth of answers and needs no clock.
   */
  private slowShare = 0;

  constructor(
    private readonly cap: number,
    private readonly settings: AdaptiveSettings,
  ) {
    this.start = Math.min(cap, settings.floor * AdaptiveLimit.START_FLOORS);
    this.value = this.start;
  }

  get current(): number {
    return this.value;
  }

  /**
   * Called when nothing has been in flight for a while: a limit cut by a crowd that has
   * gone holds no evidence about the next work, so it goes back to where a new replica's starts
   * (START_FLOORS floors, in slow start), unless it is higher already. Without it a replica left
   * at its floor by a crowd shed the next, lighter load until hundreds of on-time answers had
   * raised it one by one (the crowd's open steps after its closed run, decision 0049).
   */
  restart(): void {
    if (this.value >= this.start) return;
    this.value = this.start;
    this.slowStart = true;
    this.slowShare = 0;
    this.answersSinceCut = 0;
    this.onTimeSinceRaise = 0;
  }

  record(latencyMs: number): void {
    this.answersSinceCut += 1;
    const slow = latencyMs > this.settings.targetMs;
    this.slowShare += ((slow ? 1 : 0) - this.slowShare) / this.value;
    if (!slow) {
      this.onTimeSinceRaise += 1;
      if (this.onTimeSinceRaise >= this.value) {
        const raised = this.slowStart ? this.value * 2 : this.value + 1;
        this.value = Math.min(this.cap, raised);
        this.onTimeSinceRaise = 0;
      }
    } else if (
      this.answersSinceCut >= this.value &&
      this.slowShare > AdaptiveLimit.MAX_SLOW_SHARE
    ) {
      const floor = Math.min(this.settings.floor, this.cap);
      this.value = Math.max(floor, Math.floor(this.value * AdaptiveLimit.CUT));
      this.slowStart = false;
      this.answersSinceCut = 0;
      this.onTimeSinceRaise = 0;
    }
  }
}

export class Admission {
  /** Idle for this many targets, the limit restarts (`AdaptiveLimit.restart`). */
  static readonly IDLE_TARGETS = 5;

  private running = 0;
  /** Fresh requests refused: over the limit, or followers of a leader that failed. */
  shed = 0;
  admitted = 0;
  private readonly adaptive: AdaptiveLimit;
  private readonly idleRestartMs: number;
  /** When the last work ended with nothing else in flight. */
  private idleSince: number;

  constructor(
    cap: number,
    settings: AdaptiveSettings,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.adaptive = new AdaptiveLimit(cap, settings);
    this.idleRestartMs = settings.targetMs * Admission.IDLE_TARGETS;
    this.idleSince = now();
  }

  /** A release to call exactly once when the work is over, or null when the limit is reached. */
  enter(): (() => void) | null {
    if (this.running === 0 && this.now() - this.idleSince >= this.idleRestartMs) {
      this.adaptive.restart();
    }
    if (this.running >= this.limit) {
      this.shed += 1;
      return null;
    }
    this.running += 1;
    this.admitted += 1;
    const started = this.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
      const ended = this.now();
      this.adaptive.record(ended - started);
      if (this.running === 0) this.idleSince = ended;
    };
  }

  /** Counts work refused without asking the limit: a follower of a leader that failed. */
  refuse(): void {
    this.shed += 1;
  }

  get inFlight(): number {
    return this.running;
  }

  /** What the replica admits at once now. */
  get limit(): number {
    return this.adaptive.current;
  }
}

/** Seconds a shed client is asked to wait: the work in flight is seconds long at most. */
export const SHED_RETRY_AFTER_SECONDS = 1;

/** What a shed client is told, in the JSON error or the HTML page. */
export const SHED_MESSAGE = `The site is busy. Please try again in ${SHED_RETRY_AFTER_SECONDS} second.`;
