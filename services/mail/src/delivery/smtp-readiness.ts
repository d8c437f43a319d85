/**
 * Readiness of the SMTP relay without an SMTP session on every probe (the chart probes every
 * 5 s per pod): a successful greeting, or a message the relay accepted, counts for `ttlMs`.
 * A failure is not remembered, so the pod turns ready again on the first probe that gets through.
 */
export const SMTP_READINESS_TTL_MS = 60_000;

export class CachedSmtpCheck {
  private lastSuccessAt?: number;
  private inFlight?: Promise<void>;

  constructor(
    private readonly check: () => Promise<unknown>,
    private readonly ttlMs = SMTP_READINESS_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  run(): Promise<void> {
    if (this.lastSuccessAt !== undefined && this.now() - this.lastSuccessAt < this.ttlMs) {
      return Promise.resolve();
    }
    // Concurrent probes share one session.
    this.inFlight ??= this.check()
      .then(() => this.succeeded())
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }

  /** The relay just answered (a greeting, or an accepted message). */
  succeeded(): void {
    this.lastSuccessAt = this.now();
  }
}
