import type { ErrorCode } from '@upright/contracts';
import { remoteError } from '@upright/platform';

/**
 * What the desk refuses to do, in words for the admin: answered as the transport's client error
 * (409, 404) when the request is checked, and kept as the job's error when a job meets it later
 * (another admin got there first). `make import` prints it.
 */
export class DeskRefusal extends Error {
  override name = 'DeskRefusal';

  constructor(
    readonly code: Extract<ErrorCode, 'conflict' | 'not_found' | 'validation_failed'>,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const DESK_TEXTS = {
  /** Decision 0077 §3: the draft was previewed against data that is no longer public. */
  baseMoved: 'Public data changed since this draft was staged: stage it again.',
  draftExists: (versionId: number) =>
    `Version ${versionId} is the draft already: publish or discard it, or stage this file replacing it.`,
  noDraft: 'There is no draft to publish.',
  notTheDraft: (asked: number, draft: number) =>
    `Version ${asked} is not the draft (version ${draft} is): reload the page.`,
  nothingToRollBack: 'There is no earlier version to roll back to.',
  jobRunning: 'A stage, publish or rollback is running: wait for it to finish.',
  /** A correction's stage found another draft than the one it merged into. */
  draftChanged: 'The draft changed while this correction was staged in it: accept it again.',
  /** Only `make import` without REDIS_URL could meet it: it never publishes a draft it did not stage. */
  correctionsNeedMail:
    'The draft carries accepted corrections, whose requesters are mailed when it is published: publish it at /admin/data.',
} as const;

/**
 * The desk's refusals as the transport's client errors (409, 404), so the BFF answers them as
 * such: for the desk's own messages and for a correction's stage.
 */
export async function answeringRefusals<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DeskRefusal) throw remoteError(error.code, error.message, error.field);
    throw error;
  }
}
