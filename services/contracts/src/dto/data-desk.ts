import type { IssueKey, ScoreField } from '../issues';
import type { Period } from './rankings';

// ---------------------------------------------------------------------------------------------
// The editors' desk (decision 0077): a data set file becomes a draft with a preview, an admin
// publishes it in one step and can roll the public data back to the version before. Types and
// constants the web app shares (zod-free: the schemas are in data-desk.schemas.ts).

/**
 * A file travels in chunks of at most this many bytes (the browser slices it, the BFF sends each
 * chunk to rankings as one message), so no message and no request body is large whatever the
 * file's size; the browser's progress bar counts them. Below the 1 MiB body limit ingress
 * controllers keep by default (ingress-nginx `proxy-body-size`, nginx `client_max_body_size`), so
 * an upload needs no ingress setting that would let every other path take large bodies too.
 */
export const DESK_CHUNK_BYTES = 768 * 1024;
/** 200 MiB: a 50,000-company file is about 150 MB. */
export const DESK_FILE_MAX_BYTES = 200 * 1024 * 1024;
export const DESK_CHUNKS_MAX = Math.ceil(DESK_FILE_MAX_BYTES / DESK_CHUNK_BYTES);
/** A job lists at most this many problems of a file (and says how many there were). */
export const DESK_PROBLEMS_SHOWN = 1000;
export const DESK_LOG_PAGE_SIZE = 50;

/** Who did it: an admin through `/admin/data`, or `make import` on a server. */
export type DeskActorKind = 'admin' | 'cli';
export type DeskAction = 'stage' | 'publish' | 'rollback' | 'discard' | 'correction';

/** A version of the rankings data: `public` is what the site shows, at most one `draft`. */
export type DataVersionState = 'draft' | 'public' | 'retired' | 'discarded';

/** Rows per section of a file and what applying it changed (the importer's summary). */
export interface SectionCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
}

export interface DataVersionSummary {
  version_id: number;
  state: DataVersionState;
  /** The public version this draft was staged on; null for the first version. */
  base_version: number | null;
  file_sha256: string | null;
  counts: Record<string, SectionCounts>;
  staged_by: string;
  staged_at: string;
  published_by: string | null;
  published_at: string | null;
}

/** One industry's line in the draft's overview. */
export interface IndustryChangeSummary {
  industry: string;
  industry_text: string;
  added: number;
  removed: number;
  /** Companies whose overall rank moves. */
  moved: number;
  /** The latest period moves: publishing alerts the industry's followers (decision 0037). */
  alerts_followers: boolean;
}

/** `GET /api/admin/data`: what is public, the draft if any, and what a rollback would restore. */
export interface DeskState {
  public: DataVersionSummary;
  draft:
    | (DataVersionSummary & {
        industries: IndustryChangeSummary[];
        /**
         * Accepted correction requests whose change the draft carries: they become accepted when
         * it is published, and return to the review queue when it is discarded or replaced by an
         * uploaded file (decision 0077).
         */
        corrections: number;
      })
    | null;
  /** The version a rollback makes public again; null when there is none to go back to. */
  rollback_to: DataVersionSummary | null;
  /** A stage, publish or rollback still running, to follow after a reload. */
  running_job: string | null;
}

export interface PreviewCompany {
  upright_cid: string;
  company_name: string;
}

export interface ScoreMove {
  issue: IssueKey;
  field: ScoreField;
  before: number | null;
  after: number | null;
}

export interface DraftRankMove extends PreviewCompany {
  /** Overall rank (`normalized_rank`) at the industry's latest period; null = not ranked. */
  before: number | null;
  after: number | null;
  /** The scores that changed under the move, by issue. */
  scores: ScoreMove[];
}

export interface IssueCoverage {
  issue: IssueKey;
  /** Companies with a score for the issue at the latest period, of `members`. */
  before: number;
  after: number;
}

/** `GET /api/admin/data/draft/preview/{industry}`: the draft against what is public now. */
export interface IndustryPreview {
  industry: string;
  industry_text: string;
  /** The latest period with scores, public and draft. */
  period_before: Period | null;
  period_after: Period | null;
  members_before: number;
  members_after: number;
  added: PreviewCompany[];
  removed: PreviewCompany[];
  /** Largest move first, then by name. */
  moves: DraftRankMove[];
  /** Companies with a draft score but no published figure behind it (rules §16). */
  scores_without_figures: Array<PreviewCompany & { issues: IssueKey[] }>;
  coverage: IssueCoverage[];
  alerts_followers: boolean;
}

/**
 * Most companies one `accounts.follows.followers-of` message names; the BFF asks about a larger
 * preview's companies in batches of this many.
 */
export const DESK_FOLLOWERS_OF_MAX = 1000;
/** Most reports of one industry the preview lists (newest first). */
export const DESK_PREVIEW_REPORTS_MAX = 50;

/** A published report of the previewed industry: its frozen figures stay (decision 0005). */
export interface IndustryReportLink {
  report_id: number;
  title: string;
  /** The report page's web path (`WebPaths.report`). */
  path: string;
  /** YYYY-MM-DD */
  published_date: string;
}

/**
 * `GET /api/admin/data/draft/preview/{industry}`: the industry's preview with what a publish
 * reaches beyond the rankings (decision 0077 §4): its published reports, which keep their figures,
 * and how many members a publish would alert.
 */
export type DraftPreviewAnswer = IndustryPreview & {
  /** Newest first, at most DESK_PREVIEW_REPORTS_MAX. */
  reports: IndustryReportLink[];
  /**
   * Members who would get a rank alert about a company of the industry that moves, is added or is
   * removed; 0 when the latest period does not move (`alerts_followers` false).
   */
  followers_alerted: number;
};

export type DeskJobKind = 'stage' | 'publish' | 'rollback';
export type DeskJobState = 'running' | 'failed' | 'done';

export interface DeskProblem {
  /** `companies[12].company_name`; `(file)` for the file as a whole. */
  path: string;
  message: string;
}

/** `GET /api/admin/data/jobs/{id}`: a stage, publish or rollback, read every second. */
export interface DeskJob {
  job_id: string;
  kind: DeskJobKind;
  state: DeskJobState;
  /** What it is doing now, in words ("validating", "copying the public data", …). */
  phase: string;
  done: number;
  total: number;
  /** The file's problems (at most DESK_PROBLEMS_SHOWN) when the stage failed on them. */
  problems: DeskProblem[];
  problem_count: number;
  /** Why it failed otherwise (another draft exists, public data moved, …). */
  error: string | null;
  /** The draft staged, or the version made public. */
  version_id: number | null;
}

export interface DeskLogEntry {
  id: number;
  at: string;
  actor: string;
  actor_kind: DeskActorKind;
  action: DeskAction;
  version_id: number;
  file_sha256: string | null;
  counts: Record<string, unknown>;
}

export interface DeskLogPage {
  entries: DeskLogEntry[];
  page: number;
  size: number;
  total: number;
}

/** `POST /api/admin/data/uploads`: where to send the file's chunks, and how large each may be. */
export interface DeskUpload {
  upload_id: string;
  chunk_bytes: number;
}

// Messages between the BFF and rankings.

export interface DeskUploadChunkRequest {
  upload_id: string;
  index: number;
  /** The chunk's bytes, base64. */
  data: string;
}
export interface DeskStageRequest {
  upload_id: string;
  chunks: number;
  /** Discard the draft there is, if any, instead of refusing. */
  replace: boolean;
  actor: string;
}
export interface DeskPublishRequest {
  /** The draft the admin previewed: refused if another is the draft now. */
  version_id: number;
  actor: string;
}
export interface DeskActorRequest {
  actor: string;
}
export interface DeskJobRequest {
  job_id: string;
}
export interface DeskPreviewRequest {
  industry: string;
}
export interface DeskLogRequest {
  page: number;
}
export interface IndustryReportsRequest {
  industry: string;
}
export interface FollowersOfRequest {
  /** At most DESK_FOLLOWERS_OF_MAX company ids. */
  upright_cids: string[];
}
export interface FollowersOfResponse {
  /** Distinct members following any of the companies who would be sent a rank alert now. */
  members: number;
}
export interface DeskJobStarted {
  job_id: string;
}
