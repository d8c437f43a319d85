import { useEffect, useRef, useState } from 'react';
import { DESK_FILE_MAX_BYTES, type DeskJob, type DeskJobStarted } from '@upright/contracts';
import { api } from '../../api/endpoints';
import { errorMessage } from '../../api/http';
import { uploadInChunks } from './desk-upload';
import { fileProblem, jobMessage, problemLines, type DeskActivity } from './desk-view';

/** How the last action ended; a failed stage lists the file's problems. */
export interface DeskOutcome {
  state: 'done' | 'failed';
  text: string;
  problems: { lines: string[]; more: string | null } | null;
}

const POLL_MS = 1000;

/**
 * The desk's actions, one at a time: an upload then its stage, a publish, a rollback or a discard.
 * A job is read every second until it ends (decision 0077); then `finished` reloads the state.
 * Everything stops when the page goes away.
 */
export function useDeskRunner(finished: () => void) {
  const [activity, setActivity] = useState<DeskActivity | null>(null);
  const [outcome, setOutcome] = useState<DeskOutcome | null>(null);
  const mounted = useRef(true);
  // A job is followed once: a state read just before it ended still names it.
  const followed = useRef(new Set<string>());
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const perform = async (action: () => Promise<DeskOutcome>) => {
    setOutcome(null);
    let ended: DeskOutcome;
    try {
      ended = await action();
    } catch (error) {
      ended = { state: 'failed', text: errorMessage(error), problems: null };
    }
    if (!mounted.current) return;
    setActivity(null);
    setOutcome(ended);
    finished();
  };

  const followJob = async (jobId: string): Promise<DeskOutcome> => {
    followed.current.add(jobId);
    setActivity({ kind: 'starting' });
    for (;;) {
      const job = await api.deskJob(jobId);
      if (mounted.current) setActivity({ kind: 'job', job });
      if (job.state !== 'running' || !mounted.current) return jobOutcome(job);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };

  const runJob = (start: () => Promise<DeskJobStarted>) =>
    perform(async () => followJob((await start()).job_id));

  return {
    activity,
    outcome,
    busy: activity !== null,
    dismiss: () => setOutcome(null),
    /** A job started elsewhere (another tab, before a reload): followed to its end. */
    follow: (jobId: string) => {
      if (activity !== null || followed.current.has(jobId)) return;
      void perform(() => followJob(jobId));
    },
    upload: (file: File, replace: boolean) => {
      const problem = fileProblem(file.size, DESK_FILE_MAX_BYTES);
      if (problem !== null) {
        setOutcome({ state: 'failed', text: problem, problems: null });
        return;
      }
      void perform(async () => {
        setActivity({ kind: 'starting' });
        const sent = await uploadInChunks(file, api, (index, total) => {
          if (mounted.current) setActivity({ kind: 'upload', index, total });
        });
        return followJob((await api.stageUpload(sent.uploadId, sent.chunks, replace)).job_id);
      });
    },
    publish: (versionId: number) => void runJob(() => api.publishDraft(versionId)),
    rollBack: () => void runJob(() => api.rollBack()),
    discard: () =>
      void perform(async () => {
        setActivity({ kind: 'discard' });
        await api.discardDraft();
        return { state: 'done', text: 'The draft is discarded.', problems: null };
      }),
  };
}

function jobOutcome(job: DeskJob): DeskOutcome {
  return {
    state: job.state === 'done' ? 'done' : 'failed',
    text: jobMessage(job),
    problems: job.problems.length > 0 ? problemLines(job) : null,
  };
}

export type DeskRunner = ReturnType<typeof useDeskRunner>;
