import { randomUUID } from 'node:crypto';
import type { DeskJob, DeskJobKind, DeskProblem } from '@upright/contracts';
import type { ProgressReporter } from '../data-import/progress';
import type { DeskRepository, JobRow } from './desk.repository';
import { DESK_TEXTS, DeskRefusal } from './refusal';

/** Decision 0077 §3: a job whose heartbeat stopped this long ago died with its process. */
export const JOB_STALE_SECONDS = 60;
export const JOB_STALE_ERROR = 'The service stopped while this ran; nothing was changed.';
/** Well inside JOB_STALE_SECONDS, so a live job never reads as dead. */
const HEARTBEAT_MS = 5_000;
/** Progress is written at most this often (the page reads it every second), and at each phase. */
const PROGRESS_MS = 500;

function stale(row: JobRow): boolean {
  return (
    row.state === 'running' &&
    row.read_at.getTime() - row.beat_at.getTime() > JOB_STALE_SECONDS * 1000
  );
}

/**
 * A job as the admin reads it: a running one whose heartbeat stopped is failed (its transaction
 * was rolled back by Postgres with the connection, so nothing is half done).
 */
export function toDeskJob(row: JobRow): DeskJob {
  const dead = stale(row);
  return {
    job_id: row.job_id,
    kind: row.kind,
    state: dead ? 'failed' : row.state,
    phase: row.phase,
    done: row.done,
    total: row.total,
    problems: row.problems,
    problem_count: row.problem_count,
    error: dead ? JOB_STALE_ERROR : row.error,
    version_id: row.version_id,
  };
}

/** What a job's work ends with: the version it staged or made public, or the file's problems. */
export type JobResult = { versionId: number } | { problems: DeskProblem[]; problemCount: number };

export function problemsError(count: number): string {
  return `The file has ${count} problem${count === 1 ? '' : 's'}; nothing was staged.`;
}

/**
 * Writes a job's progress to its row without holding the job up: at most one write in flight,
 * the newest progress written next; a new phase is written at once, the rest every PROGRESS_MS.
 */
class ProgressWriter {
  private latest = { phase: '', done: 0, total: 0 };
  private lastPhase = '';
  private lastWrite = 0;
  private queued = false;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: DeskRepository,
    private readonly jobId: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  readonly report: ProgressReporter = (phase, done, total) => {
    this.latest = { phase, done, total };
    const now = Date.now();
    if (phase === this.lastPhase && now - this.lastWrite < PROGRESS_MS) return;
    this.lastPhase = phase;
    this.lastWrite = now;
    if (this.queued) return;
    this.queued = true;
    this.writing = this.writing.then(async () => {
      this.queued = false;
      const { phase: current, done: count, total: of } = this.latest;
      await this.repository.jobProgress(this.jobId, current, count, of).catch(this.onError);
    });
  };

  flush(): Promise<void> {
    return this.writing;
  }
}

/**
 * Runs the desk's long steps in this process (decision 0077 §3): one at a time across every
 * replica (the row's state, under an advisory lock), with a heartbeat and its progress in
 * `desk_jobs`, which the admin's page reads every second.
 */
export class JobRunner {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly repository: DeskRepository,
    private readonly log: { error(message: string): void },
  ) {}

  /** Starts `work` as a job and returns its id; refuses while another job runs. */
  async start(
    kind: DeskJobKind,
    actor: string,
    work: (progress: ProgressReporter) => Promise<JobResult>,
  ): Promise<string> {
    const row = await this.repository.startJob(
      { jobId: randomUUID(), kind, actor },
      { seconds: JOB_STALE_SECONDS, error: JOB_STALE_ERROR },
    );
    if (row === null) throw new DeskRefusal('conflict', DESK_TEXTS.jobRunning);
    const run = this.run(row.job_id, kind, work).finally(() => this.running.delete(run));
    this.running.add(run);
    return row.job_id;
  }

  /** Resolves when every job of this process has ended (the service waits for it to stop). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private async run(
    jobId: string,
    kind: DeskJobKind,
    work: (progress: ProgressReporter) => Promise<JobResult>,
  ): Promise<void> {
    const logError = (error: unknown) =>
      this.log.error(`desk job ${jobId} (${kind}): ${String(error)}`);
    const progress = new ProgressWriter(this.repository, jobId, logError);
    const beat = setInterval(
      () => void this.repository.jobBeat(jobId).catch(logError),
      HEARTBEAT_MS,
    );
    try {
      const result = await work(progress.report);
      await progress.flush();
      await this.repository.finishJob(
        jobId,
        'versionId' in result
          ? { state: 'done', versionId: result.versionId }
          : {
              state: 'failed',
              error: problemsError(result.problemCount),
              problems: result.problems,
              problemCount: result.problemCount,
            },
      );
    } catch (error) {
      await progress.flush();
      if (!(error instanceof DeskRefusal)) logError(error instanceof Error ? error.stack : error);
      const message =
        error instanceof DeskRefusal
          ? error.message
          : `The ${kind} failed (${error instanceof Error ? error.message : String(error)}); nothing was changed.`;
      await this.repository.finishJob(jobId, { state: 'failed', error: message }).catch(logError);
    } finally {
      clearInterval(beat);
    }
  }
}
