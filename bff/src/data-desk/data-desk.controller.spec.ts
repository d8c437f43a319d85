import {
  DESK_CHUNK_BYTES,
  DESK_FOLLOWERS_OF_MAX,
  Patterns,
  type DeskJob,
  type IndustryPreview,
} from '@upright/contracts';
import type { ServiceClient } from '@upright/platform';
import type { AuthenticatedMember } from '../auth';
import { translateError } from '../shared/api-error.filter';
import { DataDeskController } from './data-desk.controller';

const UPLOAD = '6f1c7a52-3b0e-4d5e-9a4f-2f8f6e1c0b7d';
const admin: AuthenticatedMember = {
  uid: 'admin-uid',
  email: 'editor@example.org',
  role: 'admin',
  token: 'secret-token',
};

/** A service client answering each pattern as told, and the calls it was given. */
function services(answers: Record<string, unknown>) {
  const calls: Array<[string, unknown]> = [];
  const client = {
    request: (pattern: string, data: unknown) => {
      calls.push([pattern, data]);
      return Promise.resolve(answers[pattern]);
    },
  };
  return { calls, controller: new DataDeskController(client as unknown as ServiceClient) };
}

async function failureOf(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return translateError(error);
  }
  throw new Error('expected a failure');
}

describe('the desk controller', () => {
  it('gives every upload its own id and the chunk size, asking no service', () => {
    const { calls, controller } = services({});
    const first = controller.startUpload();
    const second = controller.startUpload();
    expect(first.chunk_bytes).toBe(DESK_CHUNK_BYTES);
    expect(first.upload_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-/);
    expect(second.upload_id).not.toBe(first.upload_id);
    expect(calls).toEqual([]);
  });

  it('sends a chunk as base64 under its upload and index', async () => {
    const { calls, controller } = services({
      [Patterns.rankings.deskUploadChunk]: { received: 1 },
    });
    const bytes = Buffer.from([0, 255, 1, 254, 10]);
    await expect(controller.uploadChunk({ id: UPLOAD, n: 7 }, bytes)).resolves.toBeUndefined();
    expect(calls).toEqual([
      [
        Patterns.rankings.deskUploadChunk,
        { upload_id: UPLOAD, index: 7, data: bytes.toString('base64') },
      ],
    ]);
    // What the reader did not read is refused before any service is asked.
    const refused = await failureOf(() => controller.uploadChunk({ id: UPLOAD, n: 8 }, {}));
    expect(refused.status).toBe(400);
    expect(calls).toHaveLength(1);
  });

  it("names the admin as the actor of every write, never the body's", async () => {
    const started = { job_id: 'a1b2c3d4-0000-4000-8000-000000000000' };
    const { calls, controller } = services({
      [Patterns.rankings.deskStage]: started,
      [Patterns.rankings.deskPublish]: started,
      [Patterns.rankings.deskRollback]: started,
      [Patterns.rankings.deskDiscard]: { discarded: true },
    });
    await expect(
      controller.stage({ id: UPLOAD }, { chunks: 3, replace: true }, admin),
    ).resolves.toEqual(started);
    await expect(controller.publish({ version_id: 4 }, admin)).resolves.toEqual(started);
    await expect(controller.rollback(admin)).resolves.toEqual(started);
    await expect(controller.discard(admin)).resolves.toBeUndefined();
    expect(calls).toEqual([
      [
        Patterns.rankings.deskStage,
        { upload_id: UPLOAD, chunks: 3, replace: true, actor: 'admin-uid' },
      ],
      [Patterns.rankings.deskPublish, { version_id: 4, actor: 'admin-uid' }],
      [Patterns.rankings.deskRollback, { actor: 'admin-uid' }],
      [Patterns.rankings.deskDiscard, { actor: 'admin-uid' }],
    ]);
  });

  it('answers 404 for no such job, no preview and no draft to discard', async () => {
    const { controller } = services({
      [Patterns.rankings.deskJob]: null,
      [Patterns.rankings.deskPreview]: null,
      [Patterns.rankings.deskDiscard]: { discarded: false },
    });
    await expect(failureOf(() => controller.job({ id: UPLOAD }))).resolves.toEqual({
      status: 404,
      body: { error: { code: 'not_found', message: `Unknown job "${UPLOAD}"`, field: 'id' } },
    });
    await expect(failureOf(() => controller.preview({ industry: 'tools' }))).resolves.toEqual({
      status: 404,
      body: {
        error: {
          code: 'not_found',
          message: 'No preview of "tools": no draft has it',
          field: 'industry',
        },
      },
    });
    await expect(failureOf(() => controller.discard(admin))).resolves.toEqual({
      status: 404,
      body: { error: { code: 'not_found', message: 'There is no draft to discard.' } },
    });
  });

  it('passes reads through as rankings answers them', async () => {
    const job = { job_id: UPLOAD, state: 'running' } as DeskJob;
    const log = { entries: [], page: 2, size: 50, total: 51 };
    const { calls, controller } = services({
      [Patterns.rankings.deskJob]: job,
      [Patterns.rankings.deskLog]: log,
    });
    await expect(controller.job({ id: UPLOAD })).resolves.toBe(job);
    await expect(controller.log({ page: 2 })).resolves.toBe(log);
    expect(calls).toEqual([
      [Patterns.rankings.deskJob, { job_id: UPLOAD }],
      [Patterns.rankings.deskLog, { page: 2 }],
    ]);
  });

  const company = (upright_cid: string) => ({ upright_cid, company_name: upright_cid });
  const previewOf = (alerts_followers: boolean, moved: string[]): IndustryPreview =>
    ({
      industry: 'tools',
      added: [company('new-co')],
      removed: [company('gone-co')],
      moves: moved.map((cid) => ({ ...company(cid), before: 1, after: 2, scores: [] })),
      alerts_followers,
    }) as unknown as IndustryPreview;
  const reports = [
    {
      report_id: 7,
      title: 'Tools',
      path: '/reports/7/2026-01-02/tools',
      published_date: '2026-01-02',
    },
  ];

  it("adds the industry's reports and the members alerted about moved, added and removed companies", async () => {
    const preview = previewOf(true, ['a-co', 'b-co']);
    const { calls, controller } = services({
      [Patterns.rankings.deskPreview]: preview,
      [Patterns.reports.ofIndustry]: reports,
      [Patterns.accounts.followersOf]: { members: 3 },
    });
    await expect(controller.preview({ industry: 'tools' })).resolves.toEqual({
      ...preview,
      reports,
      followers_alerted: 3,
    });
    expect(calls).toEqual([
      [Patterns.rankings.deskPreview, { industry: 'tools' }],
      [Patterns.reports.ofIndustry, { industry: 'tools' }],
      [Patterns.accounts.followersOf, { upright_cids: ['a-co', 'b-co', 'new-co', 'gone-co'] }],
    ]);
  });

  it('alerts nobody when the latest period does not move, asking accounts nothing', async () => {
    const { calls, controller } = services({
      [Patterns.rankings.deskPreview]: previewOf(false, ['a-co']),
      [Patterns.reports.ofIndustry]: [],
    });
    await expect(controller.preview({ industry: 'tools' })).resolves.toMatchObject({
      reports: [],
      followers_alerted: 0,
    });
    expect(calls.map(([pattern]) => pattern)).toEqual([
      Patterns.rankings.deskPreview,
      Patterns.reports.ofIndustry,
    ]);
  });

  it('asks about more companies than one message may name in batches, adding the counts', async () => {
    const moved = Array.from({ length: DESK_FOLLOWERS_OF_MAX + 1 }, (_, i) => `co-${i}`);
    const { calls, controller } = services({
      [Patterns.rankings.deskPreview]: previewOf(true, moved),
      [Patterns.reports.ofIndustry]: [],
      [Patterns.accounts.followersOf]: { members: 2 },
    });
    await expect(controller.preview({ industry: 'tools' })).resolves.toMatchObject({
      followers_alerted: 4,
    });
    const batches = calls
      .filter(([pattern]) => pattern === Patterns.accounts.followersOf)
      .map(([, data]) => (data as { upright_cids: string[] }).upright_cids);
    expect(batches.map((batch) => batch.length)).toEqual([DESK_FOLLOWERS_OF_MAX, 3]);
    expect(batches.flat()).toEqual([...moved, 'new-co', 'gone-co']);
  });

  it('fails when reports or accounts cannot answer, as other routes do', async () => {
    const client = {
      request: (pattern: string) =>
        pattern === Patterns.rankings.deskPreview
          ? Promise.resolve(previewOf(true, ['a-co']))
          : pattern === Patterns.reports.ofIndustry
            ? Promise.resolve([])
            : Promise.reject(new Error('accounts is down')),
    };
    const controller = new DataDeskController(client as unknown as ServiceClient);
    await expect(controller.preview({ industry: 'tools' })).rejects.toThrow('accounts is down');
  });
});
