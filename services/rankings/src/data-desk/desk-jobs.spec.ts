import type { DeskJobKind } from '@upright/contracts';
import { JOB_STALE_ERROR, JobRunner, toDeskJob } from './desk-jobs';
import type { DeskRepository, JobRow } from './desk.repository';
import { DeskRefusal } from './refusal';

const at = (seconds: number) => new Date(Date.UTC(2026, 11, 2, 12, 0, seconds));

function row(given: Partial<JobRow> = {}): JobRow {
  return {
    job_id: '0b7c6f2e-8d8f-4f5e-9a55-3d0c8f1e2a11',
    kind: 'publish',
    state: 'running',
    phase: 'applying scores',
    done: 3000,
    total: 9000,
    problems: [],
    problem_count: 0,
    error: null,
    version_id: null,
    actor: 'admin-uid',
    started_at: at(0),
    beat_at: at(0),
    finished_at: null,
    read_at: at(10),
    ...given,
  };
}

describe('reading a desk job (decision 0077 §3)', () => {
  it('reads a running job whose heartbeat is recent as running, with its progress', () => {
    expect(toDeskJob(row({ beat_at: at(0), read_at: at(60) }))).toEqual({
      job_id: '0b7c6f2e-8d8f-4f5e-9a55-3d0c8f1e2a11',
      kind: 'publish',
      state: 'running',
      phase: 'applying scores',
      done: 3000,
      total: 9000,
      problems: [],
      problem_count: 0,
      error: null,
      version_id: null,
    });
  });

  it('reads a running job whose heartbeat stopped over 60 s ago as failed: its process died', () => {
    const job = toDeskJob(row({ beat_at: at(0), read_at: at(61) }));
    expect(job.state).toBe('failed');
    expect(job.error).toBe(JOB_STALE_ERROR);
  });

  it('reads a finished job as it ended, however long ago', () => {
    const done = toDeskJob(row({ state: 'done', version_id: 7, read_at: at(3600) }));
    expect([done.state, done.version_id, done.error]).toEqual(['done', 7, null]);
    const failed = toDeskJob(
      row({ state: 'failed', error: 'Public data changed', read_at: at(3600) }),
    );
    expect([failed.state, failed.error]).toEqual(['failed', 'Public data changed']);
  });
});

/** The job rows a runner writes, kept in memory. */
function fakeRepository(options: { busy?: boolean } = {}) {
  const writes: Array<{ phase: string; done: number; total: number }> = [];
  const finished: Array<Record<string, unknown>> = [];
  const repository = {
    startJob: (job: { jobId: string; kind: DeskJobKind; actor: string }) =>
      Promise.resolve(options.busy ? null : row({ job_id: job.jobId, kind: job.kind })),
    jobProgress: (_id: string, phase: string, done: number, total: number) => {
      writes.push({ phase, done, total });
      return Promise.resolve();
    },
    jobBeat: () => Promise.resolve(),
    finishJob: (_id: string, outcome: Record<string, unknown>) => {
      finished.push(outcome);
      return Promise.resolve();
    },
  };
  return { repository: repository as unknown as DeskRepository, writes, finished };
}

describe('running desk jobs', () => {
  const log = { error: jest.fn() };

  beforeEach(() => log.error.mockClear());

  it('refuses a job while another runs', async () => {
    const { repository } = fakeRepository({ busy: true });
    const runner = new JobRunner(repository, log);
    await expect(
      runner.start('stage', 'admin', () => Promise.resolve({ versionId: 1 })),
    ).rejects.toThrow(DeskRefusal);
  });

  it("writes each new phase at once, then ends done with the work's version", async () => {
    const { repository, writes, finished } = fakeRepository();
    const runner = new JobRunner(repository, log);
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    const id = await runner.start('publish', 'admin', async (progress) => {
      progress('copying the public data', 0, 5);
      await tick();
      progress('copying the public data', 1, 5);
      await tick();
      progress('applying scores', 1000, 2000);
      // Reported together: only the newest is written.
      progress('applying scores', 2000, 2000);
      return { versionId: 4 };
    });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await runner.idle();
    expect(writes).toEqual([
      { phase: 'copying the public data', done: 0, total: 5 },
      // The second report of a phase within 500 ms is not written on its own.
      { phase: 'applying scores', done: 2000, total: 2000 },
    ]);
    expect(finished).toEqual([{ state: 'done', versionId: 4 }]);
  });

  it("ends failed with the file's problems and how many there were", async () => {
    const { repository, finished } = fakeRepository();
    const runner = new JobRunner(repository, log);
    const problems = [{ path: 'companies[1].company_name', message: 'must be a string' }];
    await runner.start('stage', 'admin', () => Promise.resolve({ problems, problemCount: 1200 }));
    await runner.idle();
    expect(finished).toEqual([
      {
        state: 'failed',
        error: 'The file has 1200 problems; nothing was staged.',
        problems,
        problemCount: 1200,
      },
    ]);
  });

  it('ends failed with a refusal in its own words, and an unexpected error logged', async () => {
    const { repository, finished } = fakeRepository();
    const runner = new JobRunner(repository, log);
    await runner.start('publish', 'admin', () =>
      Promise.reject(
        new DeskRefusal(
          'conflict',
          'Public data changed since this draft was staged: stage it again.',
        ),
      ),
    );
    await runner.start('rollback', 'admin', () => Promise.reject(new Error('connection lost')));
    await runner.idle();
    expect(finished).toEqual([
      {
        state: 'failed',
        error: 'Public data changed since this draft was staged: stage it again.',
      },
      { state: 'failed', error: 'The rollback failed (connection lost); nothing was changed.' },
    ]);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(String(log.error.mock.calls[0]![0])).toContain('connection lost');
  });
});
