import {
  ISSUES,
  listPageQuery,
  type DataVersionSummary,
  type DeskJob,
  type DeskLogEntry,
  type DraftPreviewAnswer,
  type DraftRankMove,
  type IndustryChangeSummary,
  type IssueKey,
  type Period,
  type ScoreMove,
  type SectionCounts,
} from '@upright/contracts';
import { formatDate, formatPeriod } from '../../lib/format';

// What the editors' desk pages show (decision 0077), apart from how they draw it.

const count = new Intl.NumberFormat('en-US');

/** "1 industry", "3 industries". */
function counted(n: number, one: string, many: string): string {
  return `${count.format(n)} ${n === 1 ? one : many}`;
}

/** The desk's own addresses: admins reach them from each other only. */
export const deskPaths = {
  desk: (): string => '/admin/data',
  log: (page = 1): string => `/admin/data/log${listPageQuery(page)}`,
  preview: (industry: string): string => `/admin/data/preview/${encodeURIComponent(industry)}`,
};

/** The bytes of each chunk of a file of `size` bytes: [start, end) in order, none for 0 bytes. */
export function chunkRanges(size: number, chunkBytes: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (let start = 0; start < size; start += chunkBytes) {
    ranges.push([start, Math.min(start + chunkBytes, size)]);
  }
  return ranges;
}

const MIB = 1024 * 1024;

/** Why a chosen file cannot be uploaded (empty, or larger than a data set may be); null if it can. */
export function fileProblem(size: number, maxBytes: number): string | null {
  if (size === 0) return 'The file is empty: choose a data set file.';
  if (size <= maxBytes) return null;
  const mib = (bytes: number) => `${count.format(Math.ceil(bytes / MIB))} MiB`;
  return `The file has ${mib(size)}: a data set file may have at most ${mib(maxBytes)}.`;
}

/** While chunk `index` (from 0) of `total` is on its way: "Uploading 3 of 38 chunks". */
export function uploadingText(index: number, total: number): string {
  return `Uploading ${index + 1} of ${counted(total, 'chunk', 'chunks')}`;
}

/** What the desk is doing now, for the status region. */
export type DeskActivity =
  | { kind: 'starting' }
  | { kind: 'upload'; index: number; total: number }
  | { kind: 'job'; job: DeskJob }
  | { kind: 'discard' };

/** The status line of an activity, and its progress (null: a bar that cannot say how far). */
export function activityStatus(activity: DeskActivity): {
  text: string;
  progress: { value: number; max: number } | null;
} {
  if (activity.kind === 'upload') {
    return {
      text: uploadingText(activity.index, activity.total),
      progress: { value: activity.index, max: activity.total },
    };
  }
  if (activity.kind === 'starting') return { text: 'Starting…', progress: null };
  if (activity.kind === 'discard') return { text: 'Discarding the draft…', progress: null };
  const { job } = activity;
  return {
    text: jobMessage(job),
    progress: job.total > 0 ? { value: job.done, max: job.total } : null,
  };
}

const KIND_WORDS: Record<DeskJob['kind'], { running: string; failed: string; nothing: string }> = {
  stage: { running: 'Checking the file', failed: 'Staging failed', nothing: 'nothing was staged' },
  publish: {
    running: 'Publishing',
    failed: 'Publishing failed',
    nothing: 'nothing was published',
  },
  rollback: {
    running: 'Rolling back',
    failed: 'The rollback failed',
    nothing: 'the public data is as it was',
  },
};

/** A job as the status line says it: what it is doing, or what it made of the data. */
export function jobMessage(job: DeskJob): string {
  const words = KIND_WORDS[job.kind];
  if (job.state === 'running') {
    const progress =
      job.total > 0 ? ` (${count.format(job.done)} of ${count.format(job.total)})` : '';
    return `${words.running}: ${job.phase}${progress}…`;
  }
  if (job.state === 'done') {
    const version = job.version_id ?? '?';
    return {
      stage: `Staged as draft version ${version}: review it below, then publish or discard it.`,
      publish: `Published: version ${version} is public.`,
      rollback: `Rolled back: version ${version} is public again.`,
    }[job.kind];
  }
  if (job.problem_count > 0) {
    const problems = counted(job.problem_count, 'problem', 'problems');
    return `The file has ${problems}; ${words.nothing}.`;
  }
  return `${words.failed}: ${job.error ?? 'no reason given'}; ${words.nothing}.`;
}

/** Every problem a failed stage listed, as "path: message", then how many it did not list. */
export function problemLines(job: DeskJob): { lines: string[]; more: string | null } {
  const lines = job.problems.map((problem) => `${problem.path}: ${problem.message}`);
  const unlisted = job.problem_count - job.problems.length;
  return { lines, more: unlisted > 0 ? `… and ${count.format(unlisted)} more` : null };
}

function isSectionCounts(value: unknown): value is SectionCounts {
  if (typeof value !== 'object' || value === null) return false;
  const fields = value as Record<string, unknown>;
  return ['inserted', 'updated', 'unchanged', 'removed'].every(
    (field) => typeof fields[field] === 'number',
  );
}

/**
 * An importer's summary, one section after another: "companies: 12 inserted, 3 updated, 1
 * removed". Unchanged rows and zeros are left out; another shape is shown as it is.
 */
export function countsText(counts: Record<string, unknown>): string {
  const sections = Object.entries(counts).map(([section, value]) => {
    if (!isSectionCounts(value)) return `${section}: ${JSON.stringify(value)}`;
    const changes = (['inserted', 'updated', 'removed'] as const)
      .filter((field) => value[field] > 0)
      .map((field) => `${count.format(value[field])} ${field}`);
    return `${section}: ${changes.length > 0 ? changes.join(', ') : 'no change'}`;
  });
  return sections.length > 0 ? sections.join('; ') : 'no counts';
}

/** The first 12 hex digits of a file's SHA-256: enough to tell files apart on the page. */
export function shortDigest(sha256: string | null): string {
  return sha256 === null ? '—' : sha256.slice(0, 12);
}

/** `2026-12-01T10:20:30Z` → "December 1, 2026, 10:20 UTC": a desk's actions are minutes apart. */
export function formatWhen(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const time = `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
  return `${formatDate(at.toISOString())}, ${time} UTC`;
}

/** Who did it: an admin's id, or `make import` on a server. */
export function actorText(actor: string, kind: DeskLogEntry['actor_kind'] = 'admin'): string {
  return kind === 'cli' ? 'make import (server)' : actor;
}

const ACTION_WORDS: Record<DeskLogEntry['action'], string> = {
  stage: 'Staged',
  publish: 'Published',
  rollback: 'Rolled back',
  discard: 'Discarded',
  correction: 'Correction',
};

export function actionText(action: DeskLogEntry['action']): string {
  return ACTION_WORDS[action];
}

/** "published by u-1, December 2, 2026, 14:30 UTC", or "staged by …" for a version never public. */
export function versionWhen(version: DataVersionSummary): string {
  return version.published_at !== null && version.published_by !== null
    ? `published by ${version.published_by}, ${formatWhen(version.published_at)}`
    : `staged by ${version.staged_by}, ${formatWhen(version.staged_at)}`;
}

/** "Version 3, published by u-1, …": what is public. */
export function versionLine(version: DataVersionSummary): string {
  return `Version ${version.version_id}, ${versionWhen(version)}`;
}

/** The draft's industries, those that alert their followers first, then by name. */
export function sortedIndustries(
  industries: readonly IndustryChangeSummary[],
): IndustryChangeSummary[] {
  return [...industries].sort(
    (a, b) =>
      Number(b.alerts_followers) - Number(a.alerts_followers) ||
      a.industry_text.localeCompare(b.industry_text, 'en'),
  );
}

/** What publishing the draft does, in words for the confirm step. */
export function publishSummary(
  versionId: number,
  industries: readonly IndustryChangeSummary[],
  corrections = 0,
): string {
  const sum = (field: 'added' | 'removed' | 'moved') =>
    industries.reduce((total, industry) => total + industry[field], 0);
  const alerting = industries.filter((industry) => industry.alerts_followers).length;
  const accepted =
    corrections > 0
      ? ` ${counted(corrections, 'accepted correction is', 'accepted corrections are')} published, and ${corrections === 1 ? 'its requester' : 'their requesters'} mailed.`
      : '';
  return (
    `Publish draft version ${versionId}? It changes ${counted(industries.length, 'industry', 'industries')}: ` +
    `${counted(sum('added'), 'company', 'companies')} added, ${count.format(sum('removed'))} removed, ` +
    `${counted(sum('moved'), 'overall rank', 'overall ranks')} moved; ` +
    `the followers of ${counted(alerting, 'industry', 'industries')} are alerted.${accepted}`
  );
}

/**
 * The accepted correction requests a draft carries (decision 0077): accepted when it is
 * published, back in the review queue when it is discarded or replaced by an uploaded file.
 */
export function draftCorrectionsText(corrections: number): string {
  if (corrections === 0) return 'none';
  return `${counted(corrections, 'accepted correction request', 'accepted correction requests')}: accepted, and ${corrections === 1 ? 'its requester' : 'their requesters'} mailed, when the draft is published`;
}

/** What discarding (or replacing) the draft does to the corrections it carries; '' for none. */
function returnedText(corrections: number): string {
  if (corrections === 0) return '';
  return corrections === 1
    ? 'its accepted correction returns to the review queue'
    : `its ${count.format(corrections)} accepted corrections return to the review queue`;
}

/** The confirm step of a discard of a draft that carries corrections. */
export function discardQuestion(versionId: number, corrections: number): string {
  const returned = returnedText(corrections);
  return `Discard draft version ${versionId}?${returned === '' ? '' : ` ${returned[0]!.toUpperCase()}${returned.slice(1)}.`}`;
}

/** The upload's "replace the draft" choice, with what it does to the corrections it carries. */
export function replaceLabel(versionId: number, corrections: number): string {
  const returned = returnedText(corrections);
  return `Replace draft version ${versionId} (it is discarded${returned === '' ? '' : `; ${returned}`})`;
}

const ISSUE_LABELS = new Map<IssueKey, string>(ISSUES.map((issue) => [issue.key, issue.label]));

export function issueText(issue: IssueKey): string {
  return ISSUE_LABELS.get(issue) ?? issue;
}

/** An overall rank, or "not ranked". */
export function rankText(rank: number | null): string {
  return rank === null ? 'not ranked' : String(rank);
}

/** "12 → 3"; whether the company went up (a smaller rank), down, or in or out of the ranking. */
export function rankMove(move: Pick<DraftRankMove, 'before' | 'after'>): {
  text: string;
  direction: 'up' | 'down' | 'none';
} {
  const text = `${rankText(move.before)} → ${rankText(move.after)}`;
  if (move.before === null || move.after === null || move.before === move.after) {
    return { text, direction: 'none' };
  }
  return { text, direction: move.after < move.before ? 'up' : 'down' };
}

/** "Climate: 12.5 → no score", a score that moved a company. */
export function scoreMoveText(score: ScoreMove): string {
  const value = (figure: number | null) => (figure === null ? 'no score' : String(figure));
  return `${issueText(score.issue)}: ${value(score.before)} → ${value(score.after)}`;
}

/** "Q3 2026 → Q4 2026": the latest period with scores, public and draft. */
export function periodMove(before: Period | null, after: Period | null): string {
  const text = (period: Period | null) => (period === null ? 'none' : formatPeriod(period));
  return `${text(before)} → ${text(after)}`;
}

/** "31 of 40 → 35 of 42": companies with a score for an issue, of the industry's members. */
export function coverageText(
  coverage: { before: number; after: number },
  members: { before: number; after: number },
): string {
  return `${count.format(coverage.before)} of ${count.format(members.before)} → ${count.format(coverage.after)} of ${count.format(members.after)}`;
}

/**
 * Whom publishing the previewed industry alerts: "Publishing alerts 3 members", or nobody, and
 * why when its latest period does not move (decision 0037: no new period, no alert).
 */
export function alertedText(
  preview: Pick<DraftPreviewAnswer, 'alerts_followers' | 'followers_alerted'>,
): string {
  if (!preview.alerts_followers) return 'Publishing alerts nobody: its latest period does not move';
  if (preview.followers_alerted === 0) return 'Publishing alerts nobody';
  return `Publishing alerts ${counted(preview.followers_alerted, 'member', 'members')}`;
}
