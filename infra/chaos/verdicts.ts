/**
 * What `make chaos` concludes from its records: writes reconciled against what the databases and
 * the inbox hold, failures by kind, recovery per fault, and the exit code. Pure, unit-tested
 * (infra/chaos/verdicts.spec.ts).
 */

export type WriteKind = 'contact' | 'correction' | 'follow';

export interface WriteRecord {
  kind: WriteKind;
  /** What finds the write where it lands (a marker in the mail or row, or member + company). */
  marker: string;
  /** Some attempt (first or retry, with the same Idempotency-Key) answered 2xx. */
  acknowledged: boolean;
  attempts: number;
  /** When the acknowledging answer came (ms since the epoch). */
  acknowledgedAt?: number;
}

export interface WriteTally {
  attempted: number;
  acknowledged: number;
  /** Acknowledged, yet not there. */
  lost: number;
  /** There more than once. */
  doubled: number;
  /** Not acknowledged after the retry, yet applied (the client was told it failed). */
  appliedUnacknowledged: number;
  /** Not acknowledged and not applied: the client knows it failed. */
  failed: number;
  retried: number;
}

/** `found`: how many times each marker is there (absent markers count 0). */
export function reconcile(
  writes: readonly WriteRecord[],
  found: ReadonlyMap<string, number>,
): Record<WriteKind | 'all', WriteTally> {
  const empty = (): WriteTally => ({
    attempted: 0,
    acknowledged: 0,
    lost: 0,
    doubled: 0,
    appliedUnacknowledged: 0,
    failed: 0,
    retried: 0,
  });
  const tallies = { contact: empty(), correction: empty(), follow: empty(), all: empty() };
  for (const write of writes) {
    const times = found.get(write.marker) ?? 0;
    for (const tally of [tallies[write.kind], tallies.all]) {
      tally.attempted++;
      if (write.attempts > 1) tally.retried++;
      if (times > 1) tally.doubled++;
      if (write.acknowledged) {
        tally.acknowledged++;
        if (times === 0) tally.lost++;
      } else if (times > 0) tally.appliedUnacknowledged++;
      else tally.failed++;
    }
  }
  return tallies;
}

export interface RequestRecord {
  /** Epoch ms when it was sent. */
  at: number;
  status: number;
  ok: boolean;
  timedOut?: boolean;
  /**
   * Sent again, so not the final outcome: a refused connection sent once more to another replica,
   * or a read shed with a short `Retry-After` asked once more after it (as the web app does).
   */
  retried?: boolean;
  /** For a failure: what was asked and answered, to show an example of its kind. */
  what?: string;
  /** A 503 that said when to come back. */
  retryAfter?: boolean;
}

/** A failure's kind: its status, or how no answer came. */
export function failureKind(record: RequestRecord): string {
  if (record.status !== 0) return String(record.status);
  return record.timedOut ? 'timeout' : 'no connection';
}

/** Final failed outcomes (attempts that were sent again are not), by kind. */
export function failuresByKind(records: readonly RequestRecord[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const record of records) {
    if (record.ok || record.retried) continue;
    const kind = failureKind(record);
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}

/** One example (`what`) of each kind of final failure. */
export function failureExamples(records: readonly RequestRecord[]): Record<string, string> {
  const examples: Record<string, string> = {};
  for (const record of records) {
    if (record.ok || record.retried || record.what === undefined) continue;
    examples[failureKind(record)] ??= record.what;
  }
  return examples;
}

export interface Phase {
  name: string;
  /** When the fault was made, epoch ms. */
  faultAt: number;
  /** When the next phase began (or the run ended). */
  until: number;
  /**
   * PostgreSQL or Redis restarting, or the BFFs shedding a crowd: a read may be answered 503 with
   * `Retry-After` (decisions 0049, 0051); a hang, a timeout or any other failure still counts.
   */
  refusalsExpected?: boolean;
}

/**
 * Per phase: the failed requests sent during it, and the recovery time — from the fault until the
 * last failed request of the phase was sent (0 when nothing failed).
 */
export function recovery(
  phases: readonly Phase[],
  records: readonly RequestRecord[],
): Array<{ name: string; failures: number; recoveredAfterMs: number }> {
  return phases.map((phase) => {
    const failed = records.filter(
      (record) =>
        !record.ok && !record.retried && record.at >= phase.faultAt && record.at < phase.until,
    );
    const last = Math.max(phase.faultAt, ...failed.map((record) => record.at));
    return { name: phase.name, failures: failed.length, recoveredAfterMs: last - phase.faultAt };
  });
}

/**
 * The production mix's requests that change something or sign in: their failures are reported
 * with the write side's, not as failed reads.
 */
const MIX_WRITE_STEPS: ReadonlySet<string> = new Set([
  'signin.submit',
  'signup.submit',
  'priorities.save',
]);

export function isReadStep(step: string): boolean {
  return !MIX_WRITE_STEPS.has(step);
}

/**
 * Failed reads per phase that count against the run: every final failure, except a 503 with
 * `Retry-After` sent while refusals are expected (a store outage, the BFFs shedding).
 */
export function failedReadsByPhase(
  phases: readonly Phase[],
  reads: readonly RequestRecord[],
): Array<{ name: string; failed: number }> {
  return phases.map((phase) => ({
    name: phase.name,
    failed: reads.filter(
      (record) =>
        !record.ok &&
        !record.retried &&
        record.at >= phase.faultAt &&
        record.at < phase.until &&
        !(phase.refusalsExpected && record.status === 503 && record.retryAfter),
    ).length,
  }));
}

/** Non-zero on any loss, double or counted failed read. */
export function chaosExitCode(tally: WriteTally, failedReads: number, mailsLate = 0): number {
  return tally.lost > 0 || tally.doubled > 0 || failedReads > 0 || mailsLate > 0 ? 1 : 0;
}

export interface MailDelays {
  /** Acknowledged contact messages whose mail is in the inbox. */
  mails: number;
  p50Ms: number;
  maxMs: number;
  /** Mails later than the bound the mail process's configuration states. */
  late: number;
}

/**
 * From each acknowledged contact message's answer to its mail in the inbox (`mailedAt`: the
 * mail's Date header, set when it was sent): what a crash of the mail worker that held it costs,
 * against `boundMs` (1.4 × MAIL_LOCK_DURATION_MS, services/mail/src/config.ts).
 */
export function mailDelays(
  writes: readonly WriteRecord[],
  mailedAt: ReadonlyMap<string, number>,
  boundMs: number,
): MailDelays {
  const delays = writes
    .filter((write) => write.kind === 'contact' && write.acknowledgedAt !== undefined)
    .flatMap((write) => {
      const at = mailedAt.get(write.marker);
      return at === undefined ? [] : [Math.max(0, at - write.acknowledgedAt!)];
    })
    .sort((a, b) => a - b);
  return {
    mails: delays.length,
    p50Ms: delays.length === 0 ? 0 : delays[Math.floor((delays.length - 1) / 2)],
    maxMs: delays.at(-1) ?? 0,
    late: delays.filter((delay) => delay > boundMs).length,
  };
}
