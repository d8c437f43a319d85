import { describe, expect, it } from 'vitest';
import {
  DESK_CHUNK_BYTES,
  DESK_CHUNKS_MAX,
  DESK_FILE_MAX_BYTES,
  DESK_PROBLEMS_SHOWN,
  type DataVersionSummary,
  type DeskJob,
  type IndustryChangeSummary,
} from '@upright/contracts';
import { uploadInChunks } from './desk-upload';
import {
  activityStatus,
  alertedText,
  actorText,
  chunkRanges,
  countsText,
  coverageText,
  deskPaths,
  fileProblem,
  formatWhen,
  jobMessage,
  periodMove,
  problemLines,
  publishSummary,
  draftCorrectionsText,
  discardQuestion,
  replaceLabel,
  rankMove,
  scoreMoveText,
  shortDigest,
  sortedIndustries,
  uploadingText,
  versionLine,
  versionWhen,
} from './desk-view';

const job = (changes: Partial<DeskJob>): DeskJob => ({
  job_id: 'j1',
  kind: 'stage',
  state: 'running',
  phase: 'validating',
  done: 0,
  total: 0,
  problems: [],
  problem_count: 0,
  error: null,
  version_id: null,
  ...changes,
});

const industry = (changes: Partial<IndustryChangeSummary>): IndustryChangeSummary => ({
  industry: 'tools',
  industry_text: 'Tools',
  added: 0,
  removed: 0,
  moved: 0,
  alerts_followers: false,
  ...changes,
});

describe('uploading in chunks', () => {
  it('slices a file into chunks of at most the chunk size, in order, without gaps', () => {
    expect(chunkRanges(0, 4)).toEqual([]);
    expect(chunkRanges(3, 4)).toEqual([[0, 3]]);
    expect(chunkRanges(8, 4)).toEqual([
      [0, 4],
      [4, 8],
    ]);
    expect(chunkRanges(9, 4)).toEqual([
      [0, 4],
      [4, 8],
      [8, 9],
    ]);
    // The largest file a data set may be takes the most chunks a stage accepts.
    const largest = chunkRanges(DESK_FILE_MAX_BYTES, DESK_CHUNK_BYTES);
    expect(largest).toHaveLength(DESK_CHUNKS_MAX);
    expect(chunkRanges(DESK_CHUNKS_MAX * DESK_CHUNK_BYTES + 1, DESK_CHUNK_BYTES)).toHaveLength(
      DESK_CHUNKS_MAX + 1,
    );
  });

  it('says which chunk is on its way, of how many', () => {
    expect(uploadingText(2, 38)).toBe('Uploading 3 of 38 chunks');
    expect(uploadingText(0, 1)).toBe('Uploading 1 of 1 chunk');
    expect(activityStatus({ kind: 'upload', index: 2, total: 38 })).toEqual({
      text: 'Uploading 3 of 38 chunks',
      progress: { value: 2, max: 38 },
    });
  });

  it('refuses an empty file and one larger than a data set may be, before sending anything', () => {
    expect(fileProblem(0, DESK_FILE_MAX_BYTES)).toBe('The file is empty: choose a data set file.');
    expect(fileProblem(1, DESK_FILE_MAX_BYTES)).toBeNull();
    expect(fileProblem(DESK_FILE_MAX_BYTES, DESK_FILE_MAX_BYTES)).toBeNull();
    expect(fileProblem(DESK_FILE_MAX_BYTES + 1, DESK_FILE_MAX_BYTES)).toBe(
      'The file has 201 MiB: a data set file may have at most 200 MiB.',
    );
  });

  it('sends every byte of the file once, chunk by chunk, under the upload it was given', async () => {
    const bytes = Uint8Array.from({ length: 10 }, (_, index) => index);
    const sent: Array<{ uploadId: string; index: number; bytes: number[] }> = [];
    const heard: string[] = [];
    const result = await uploadInChunks(
      new Blob([bytes]),
      {
        startUpload: () => Promise.resolve({ upload_id: 'u-1', chunk_bytes: 4 }),
        uploadChunk: async (uploadId, index, chunk) => {
          sent.push({ uploadId, index, bytes: [...new Uint8Array(await chunk.arrayBuffer())] });
        },
      },
      (index, total) => heard.push(uploadingText(index, total)),
    );
    expect(result).toEqual({ uploadId: 'u-1', chunks: 3 });
    expect(sent).toEqual([
      { uploadId: 'u-1', index: 0, bytes: [0, 1, 2, 3] },
      { uploadId: 'u-1', index: 1, bytes: [4, 5, 6, 7] },
      { uploadId: 'u-1', index: 2, bytes: [8, 9] },
    ]);
    expect(heard).toEqual([
      'Uploading 1 of 3 chunks',
      'Uploading 2 of 3 chunks',
      'Uploading 3 of 3 chunks',
    ]);
  });

  it('stops at the first chunk that fails: the failure is the answer', async () => {
    const sent: number[] = [];
    const upload = uploadInChunks(
      new Blob([new Uint8Array(12)]),
      {
        startUpload: () => Promise.resolve({ upload_id: 'u-2', chunk_bytes: 4 }),
        uploadChunk: (_uploadId, index) => {
          sent.push(index);
          return index === 1 ? Promise.reject(new Error('413')) : Promise.resolve();
        },
      },
      () => undefined,
    );
    await expect(upload).rejects.toThrow('413');
    expect(sent).toEqual([0, 1]);
  });
});

describe('a job in words', () => {
  it('says what a running job does and how far it is', () => {
    expect(jobMessage(job({}))).toBe('Checking the file: validating…');
    const publishing = job({
      kind: 'publish',
      phase: 'copying the public data',
      done: 1200,
      total: 50000,
    });
    expect(jobMessage(publishing)).toBe('Publishing: copying the public data (1,200 of 50,000)…');
    expect(activityStatus({ kind: 'job', job: publishing }).progress).toEqual({
      value: 1200,
      max: 50000,
    });
    // A job not read yet, or one that cannot say how far it is: a bar without a value.
    expect(activityStatus({ kind: 'starting' })).toEqual({
      text: 'Starting…',
      progress: null,
    });
    expect(activityStatus({ kind: 'job', job: job({}) }).progress).toBeNull();
  });

  it('says what a finished job made of the data', () => {
    expect(jobMessage(job({ state: 'done', version_id: 7 }))).toBe(
      'Staged as draft version 7: review it below, then publish or discard it.',
    );
    expect(jobMessage(job({ kind: 'publish', state: 'done', version_id: 7 }))).toBe(
      'Published: version 7 is public.',
    );
    expect(jobMessage(job({ kind: 'rollback', state: 'done', version_id: 6 }))).toBe(
      'Rolled back: version 6 is public again.',
    );
  });

  it('says a failure changed nothing, with its reason or how many problems the file has', () => {
    const refused = job({ state: 'failed', error: 'another draft exists' });
    expect(jobMessage(refused)).toBe('Staging failed: another draft exists; nothing was staged.');
    expect(
      jobMessage(job({ kind: 'publish', state: 'failed', error: 'public data changed' })),
    ).toBe('Publishing failed: public data changed; nothing was published.');
    expect(jobMessage(job({ kind: 'rollback', state: 'failed', error: 'no heartbeat' }))).toBe(
      'The rollback failed: no heartbeat; the public data is as it was.',
    );
    const invalid = job({
      state: 'failed',
      problems: [{ path: 'companies[0].company_name', message: 'is required' }],
      problem_count: 1,
    });
    expect(jobMessage(invalid)).toBe('The file has 1 problem; nothing was staged.');
  });

  it('lists every problem returned as "path: message", then how many more there were', () => {
    const problems = Array.from({ length: DESK_PROBLEMS_SHOWN }, (_, index) => ({
      path: `companies[${index}].climate_score`,
      message: 'must be a number',
    }));
    const failed = job({ state: 'failed', problems, problem_count: 1234 });
    const { lines, more } = problemLines(failed);
    expect(lines).toHaveLength(DESK_PROBLEMS_SHOWN);
    expect(lines[0]).toBe('companies[0].climate_score: must be a number');
    expect(lines[999]).toBe('companies[999].climate_score: must be a number');
    expect(more).toBe('… and 234 more');
    expect(jobMessage(failed)).toBe('The file has 1,234 problems; nothing was staged.');
    expect(
      problemLines(job({ state: 'failed', problems: problems.slice(0, 2), problem_count: 2 })).more,
    ).toBeNull();
  });
});

describe('the desk state in words', () => {
  const version: DataVersionSummary = {
    version_id: 3,
    state: 'public',
    base_version: 2,
    file_sha256: 'ab'.repeat(32),
    counts: {},
    staged_by: 'u-1',
    staged_at: '2026-12-01T09:05:00.000Z',
    published_by: 'u-2',
    published_at: '2026-12-02T14:30:59.000Z',
  };

  it('says who made a version public and when, or who staged it', () => {
    expect(versionLine(version)).toBe('Version 3, published by u-2, December 2, 2026, 14:30 UTC');
    expect(versionLine({ ...version, published_at: null, published_by: null })).toBe(
      'Version 3, staged by u-1, December 1, 2026, 09:05 UTC',
    );
    expect(versionWhen({ ...version, published_at: null, published_by: null })).toBe(
      'staged by u-1, December 1, 2026, 09:05 UTC',
    );
    expect(formatWhen('not a time')).toBe('not a time');
    expect(actorText('cli', 'cli')).toBe('make import (server)');
    expect(actorText('u-1', 'admin')).toBe('u-1');
  });

  it("writes an importer's counts without unchanged rows or zeros", () => {
    expect(
      countsText({
        companies: { inserted: 1200, updated: 3, unchanged: 40, removed: 0 },
        industries: { inserted: 0, updated: 0, unchanged: 5, removed: 0 },
      }),
    ).toBe('companies: 1,200 inserted, 3 updated; industries: no change');
    expect(countsText({ corrected: { field: 'climate_score' } })).toBe(
      'corrected: {"field":"climate_score"}',
    );
    expect(countsText({})).toBe('no counts');
  });

  it('shortens a digest to 12 hex digits', () => {
    expect(shortDigest('0123456789abcdef'.repeat(4))).toBe('0123456789ab');
    expect(shortDigest(null)).toBe('—');
  });

  it("lists the draft's industries that alert followers first, then by name", () => {
    const sorted = sortedIndustries([
      industry({ industry: 'b', industry_text: 'Banks' }),
      industry({ industry: 'z', industry_text: 'Zoos', alerts_followers: true }),
      industry({ industry: 'a', industry_text: 'Airlines' }),
      industry({ industry: 'c', industry_text: 'Cars', alerts_followers: true }),
    ]);
    expect(sorted.map((item) => item.industry)).toEqual(['c', 'z', 'a', 'b']);
  });

  it('names the counts in the confirm step of a publish', () => {
    expect(
      publishSummary(4, [
        industry({ added: 2, removed: 1, moved: 10, alerts_followers: true }),
        industry({ industry: 'banks', added: 1, moved: 3 }),
      ]),
    ).toBe(
      'Publish draft version 4? It changes 2 industries: 3 companies added, 1 removed, 13 overall ranks moved; the followers of 1 industry are alerted.',
    );
    expect(publishSummary(5, [industry({ added: 1, moved: 1 })])).toBe(
      'Publish draft version 5? It changes 1 industry: 1 company added, 0 removed, 1 overall rank moved; the followers of 0 industries are alerted.',
    );
    expect(publishSummary(6, [industry({ moved: 2 })], 1)).toBe(
      'Publish draft version 6? It changes 1 industry: 0 companies added, 0 removed, 2 overall ranks moved; the followers of 0 industries are alerted. 1 accepted correction is published, and its requester mailed.',
    );
    expect(publishSummary(6, [], 3)).toMatch(
      /3 accepted corrections are published, and their requesters mailed\.$/,
    );
  });

  it('says what happens to the accepted corrections a draft carries', () => {
    expect(draftCorrectionsText(0)).toBe('none');
    expect(draftCorrectionsText(2)).toBe(
      '2 accepted correction requests: accepted, and their requesters mailed, when the draft is published',
    );
    expect(discardQuestion(7, 1)).toBe(
      'Discard draft version 7? Its accepted correction returns to the review queue.',
    );
    expect(discardQuestion(7, 3)).toBe(
      'Discard draft version 7? Its 3 accepted corrections return to the review queue.',
    );
    expect(replaceLabel(7, 0)).toBe('Replace draft version 7 (it is discarded)');
    expect(replaceLabel(7, 2)).toBe(
      'Replace draft version 7 (it is discarded; its 2 accepted corrections return to the review queue)',
    );
  });

  it('builds its own addresses', () => {
    expect(deskPaths.desk()).toBe('/admin/data');
    expect(deskPaths.log()).toBe('/admin/data/log');
    expect(deskPaths.log(3)).toBe('/admin/data/log?page=3');
    expect(deskPaths.preview('fast-food')).toBe('/admin/data/preview/fast-food');
  });
});

describe('a preview in words', () => {
  it('writes a rank move and which way it goes (a smaller rank is up)', () => {
    expect(rankMove({ before: 12, after: 3 })).toEqual({ text: '12 → 3', direction: 'up' });
    expect(rankMove({ before: 3, after: 12 })).toEqual({ text: '3 → 12', direction: 'down' });
    expect(rankMove({ before: null, after: 5 })).toEqual({
      text: 'not ranked → 5',
      direction: 'none',
    });
    expect(rankMove({ before: 5, after: null })).toEqual({
      text: '5 → not ranked',
      direction: 'none',
    });
  });

  it('writes the scores that moved a company by issue, old → new', () => {
    expect(
      scoreMoveText({ issue: 'climate', field: 'climate_score', before: 12.5, after: 10 }),
    ).toBe('Climate: 12.5 → 10');
    expect(scoreMoveText({ issue: 'tax', field: 'us_tax_score', before: null, after: 0 })).toBe(
      'US federal taxes: no score → 0',
    );
    expect(scoreMoveText({ issue: 'tax', field: 'us_tax_score', before: 4, after: null })).toBe(
      'US federal taxes: 4 → no score',
    );
  });

  it('writes the latest periods and the coverage before and after', () => {
    expect(
      periodMove({ period_year: 2026, period_qrt: 3 }, { period_year: 2026, period_qrt: 4 }),
    ).toBe('Q3 2026 → Q4 2026');
    expect(periodMove(null, { period_year: 2027, period_qrt: 1 })).toBe('none → Q1 2027');
    expect(coverageText({ before: 31, after: 35 }, { before: 40, after: 1042 })).toBe(
      '31 of 40 → 35 of 1,042',
    );
  });

  it('says how many members publishing alerts, and nobody when its period does not move', () => {
    const alerted = (alerts_followers: boolean, followers_alerted: number) =>
      alertedText({ alerts_followers, followers_alerted });
    expect(alerted(true, 1)).toBe('Publishing alerts 1 member');
    expect(alerted(true, 1234)).toBe('Publishing alerts 1,234 members');
    expect(alerted(true, 0)).toBe('Publishing alerts nobody');
    expect(alerted(false, 0)).toBe('Publishing alerts nobody: its latest period does not move');
  });
});
