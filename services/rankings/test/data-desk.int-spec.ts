import { randomUUID } from 'node:crypto';
import {
  companySlug,
  DESK_LOG_PAGE_SIZE,
  mailJobId,
  Patterns,
  Queues,
  type DeskJob,
  type DeskState,
  type StagedCorrection,
} from '@upright/contracts';
import { createPgAdapter, RedisConnection, type ServiceClient } from '@upright/platform';
import {
  eventually,
  serviceClientAs,
  startTestApp,
  testInfra,
  uniqueTransportPrefix,
  type StartedApp,
} from '@upright/platform/testing';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { CorrectionsService } from '../src/corrections/corrections.service';
import { DataDesk } from '../src/data-desk/data-desk';
import { JOB_STALE_ERROR } from '../src/data-desk/desk-jobs';
import { DESK_TEXTS } from '../src/data-desk/refusal';
import { PrismaClient } from '../src/generated/prisma/client';
import { dataVersionKey, ledgerVersionKey } from '../src/rankings-cache/data-version';
import { rankingsService } from '../src/service';

/**
 * The editors' desk (decision 0077) on real PostgreSQL and Redis, through the transport as the
 * BFF calls it: a file uploaded in chunks is staged as a draft with its preview (nothing public
 * changes), published in one step, and rolled back to exactly the rows before. An accepted
 * correction is staged in the draft the same way: public when the draft is published, open again
 * when it is discarded or replaced by an uploaded file.
 */
describe("the editors' desk", () => {
  const infra = testInfra();
  const prefix = uniqueTransportPrefix('data-desk');
  const queuePrefix = `${prefix}-queues`;
  const tag = randomUUID().slice(0, 6);
  const industry = `zz-${tag}-desk`;
  const cid = (name: string) => `ZZ${tag}${name}`;
  const admin = 'admin-uid-desk';
  let rankings: StartedApp;
  let bff: ServiceClient;
  let db: Client;
  let rankAlerts: Queue;
  let mails: Queue;

  const DATA_TABLES = [
    'industries',
    'companies',
    'company_industries',
    'company_scores',
    'company_details',
  ];

  /** Every row of the five data tables as text, in order: what "byte-identical" compares. */
  async function dump(): Promise<string> {
    const parts: string[] = [];
    for (const table of DATA_TABLES) {
      const { rows } = await db.query<{ row: string }>(
        `SELECT t::text AS row FROM rankings.${table} t ORDER BY 1`,
      );
      parts.push(`${table}\n${rows.map((one) => one.row).join('\n')}`);
    }
    return parts.join('\n');
  }

  const climateFigure = (name: string) => ({
    upright_cid: cid(name),
    period_year: 2031,
    period_qrt: 1,
    source_publisher: 'Registry',
    source_url: 'https://example.org/registry',
    source_date: '2031-04-10',
    metrics: {
      scope1_emissions: 1,
      scope2_emissions: 2,
      emissions_intensity: 3,
      net_zero_target: '2040',
    },
  });

  const company = (name: string) => ({
    upright_cid: cid(name),
    company_name: `Desk ${name} ${tag}`,
    industry,
    industries: [industry],
    structure: 'Public',
  });

  const score = (name: string, climate: number, period: [number, number] = [2031, 1]) => ({
    upright_cid: cid(name),
    period_year: period[0],
    period_qrt: period[1],
    climate_score: climate,
    us_tax_score: 5,
  });

  /** Four companies of one industry ranked on climate and tax at 2031 Q1: A best, D worst. */
  function baseFile() {
    return {
      industries: [
        {
          industry,
          industry_text: `Desk ${tag}`,
          definition: 'Companies of the desk test.',
          industry_values: ['climate', 'tax'],
          limit: 10,
        },
      ],
      companies: ['A', 'B', 'C', 'D'].map(company),
      scores: [score('A', 10), score('B', 20), score('C', 30), score('D', 40)],
      details: { companies_climates: [climateFigure('A')] },
    };
  }

  /** D's climate score becomes the best, and E joins the industry. */
  function changedFile() {
    const file = baseFile();
    file.companies.push(company('E'));
    file.scores = [score('A', 10), score('B', 20), score('C', 30), score('D', 1), score('E', 25)];
    return file;
  }

  /** Sends the file in chunks of `size` bytes, the last one first (order must not matter). */
  async function upload(file: unknown, size = 200): Promise<{ upload_id: string; chunks: number }> {
    const bytes = Buffer.from(typeof file === 'string' ? file : JSON.stringify(file));
    const upload_id = randomUUID();
    const chunks = Math.ceil(bytes.length / size);
    for (let index = chunks - 1; index >= 0; index -= 1) {
      const data = bytes.subarray(index * size, (index + 1) * size).toString('base64');
      await bff.request(Patterns.rankings.deskUploadChunk, { upload_id, index, data });
    }
    return { upload_id, chunks };
  }

  async function finished(jobId: string): Promise<DeskJob> {
    return eventually(`desk job ${jobId}`, async () => {
      const job = await bff.request(Patterns.rankings.deskJob, { job_id: jobId });
      return job !== null && job.state !== 'running' && job;
    });
  }

  async function stage(file: unknown, replace = false): Promise<DeskJob> {
    const { upload_id, chunks } = await upload(file);
    const { job_id } = await bff.request(Patterns.rankings.deskStage, {
      upload_id,
      chunks,
      replace,
      actor: admin,
    });
    return finished(job_id);
  }

  async function publish(versionId: number): Promise<DeskJob> {
    const { job_id } = await bff.request(Patterns.rankings.deskPublish, {
      version_id: versionId,
      actor: admin,
    });
    return finished(job_id);
  }

  async function rollback(): Promise<DeskJob> {
    const { job_id } = await bff.request(Patterns.rankings.deskRollback, { actor: admin });
    return finished(job_id);
  }

  const state = (): Promise<DeskState> => bff.request(Patterns.rankings.deskState, {});

  const climateOf = async (name: string, period = [2031, 1]) => {
    const { rows } = await db.query<{ climate: string | null }>(
      `SELECT climate_score::text AS climate FROM rankings.company_scores
        WHERE upright_cid = $1 AND period_year = $2 AND period_qrt = $3`,
      [cid(name), ...period],
    );
    return rows[0]?.climate ?? null;
  };

  const dataVersion = async () =>
    rankings.app.get(RedisConnection).redis.get(dataVersionKey(prefix, industry));

  // -- corrections (decision 0077: an accepted one is staged in the draft) ----------------------

  const corrections = () => rankings.app.get(CorrectionsService);

  /** A stored request about `name`'s climate score at 2031 Q1; its id. */
  async function askCorrection(name: string, requester = name): Promise<number> {
    const { reference } = await corrections().request({
      industry,
      company: companySlug(`Desk ${name} ${tag}`),
      field: 'climate_score',
      period_year: 2031,
      period_qrt: 1,
      name: 'Grace Hopper',
      email: `grace-${tag}-${requester}@example.org`,
      what_is_wrong: 'The registry shows another figure.',
      evidence_url: 'https://example.org/registry',
    });
    return Number(reference.slice(2));
  }

  const acceptCorrection = (id: number, after: number | null): Promise<StagedCorrection> =>
    bff.request(Patterns.rankings.acceptCorrection, {
      id,
      after_value: after,
      source_url: 'https://example.org/registry',
      reason: 'The registry was right.',
      resolved_by: admin,
    });

  async function requestRow(id: number) {
    const { rows } = await db.query(
      `SELECT status, staged_version::int, requester_name, resolved_at, corrected_field,
              after_value::float8, resolution_reason
         FROM rankings.correction_requests WHERE id = $1`,
      [id],
    );
    return rows[0] as Record<string, unknown>;
  }

  const climateNumber = async (name: string) => Number(await climateOf(name));

  const ledgerOf = (name: string) =>
    corrections().ledger({
      industry,
      company: companySlug(`Desk ${name} ${tag}`),
      page: 1,
      size: 10,
    });

  beforeAll(async () => {
    db = new Client({ connectionString: infra.adminUrl() });
    await db.connect();
    rankings = await startTestApp(rankingsService, {
      REDIS_URL: infra.redisUrl,
      TRANSPORT_PREFIX: prefix,
      QUEUE_PREFIX: queuePrefix,
      DATABASE_URL: infra.databaseUrl('rankings'),
    });
    bff = await serviceClientAs('bff', { REDIS_URL: infra.redisUrl, TRANSPORT_PREFIX: prefix });
    rankAlerts = new Queue(Queues.rankAlerts, {
      connection: { url: infra.redisUrl },
      prefix: queuePrefix,
    });
    mails = new Queue(Queues.mailRankings, {
      connection: { url: infra.redisUrl },
      prefix: queuePrefix,
    });
    // Whatever an earlier file of the run left: no draft.
    await bff.request(Patterns.rankings.deskDiscard, { actor: admin });
  });

  afterAll(async () => {
    await bff.request(Patterns.rankings.deskDiscard, { actor: admin }).catch(() => undefined);
    await bff?.onApplicationShutdown();
    await rankAlerts?.close();
    await mails?.close();
    const redis = rankings?.app.get(RedisConnection).redis;
    if (redis) {
      for (const pattern of [`${prefix}:*`, `${queuePrefix}:*`]) {
        const keys = await redis.keys(pattern);
        if (keys.length > 0) await redis.del(...keys);
      }
    }
    await rankings?.app.close();
    // The rows this file published, so no later file meets its industry.
    await db.query('DELETE FROM rankings.companies WHERE upright_cid LIKE $1', [`ZZ${tag}%`]);
    await db.query('DELETE FROM rankings.industries WHERE industry = $1', [industry]);
    await db.end();
  });

  it('publishes a file staged from chunks, and announces it', async () => {
    const staged = await stage(baseFile());
    expect(staged).toMatchObject({ kind: 'stage', state: 'done', error: null });
    const before = await dataVersion();
    const published = await publish(staged.version_id!);
    expect(published).toMatchObject({
      kind: 'publish',
      state: 'done',
      version_id: staged.version_id,
    });
    expect(await climateOf('D')).toBe('40.0000');
    // The industry's data version moved after the commit: every replica reads the new rows.
    expect(await dataVersion()).not.toBe(before);
    const now = await state();
    expect(now.public.version_id).toBe(staged.version_id);
    expect(now.draft).toBeNull();
    // The uploaded chunks are gone with the stage.
    const { rows } = await db.query('SELECT count(*)::int AS n FROM rankings.desk_upload_chunks');
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('stages a changed file: nothing public changes, the preview names who moves and why', async () => {
    const publicRows = await dump();
    const staged = await stage(changedFile());
    expect(staged.state).toBe('done');
    expect(await dump()).toBe(publicRows);
    expect(await climateOf('D')).toBe('40.0000');

    const now = await state();
    expect(now.draft).toMatchObject({
      version_id: staged.version_id,
      state: 'draft',
      base_version: now.public.version_id,
      staged_by: admin,
      counts: { companies: { inserted: 1 }, scores: { inserted: 1, updated: 1 } },
    });
    expect(now.draft!.industries).toEqual([
      {
        industry,
        industry_text: `Desk ${tag}`,
        added: 1,
        removed: 0,
        moved: 4,
        alerts_followers: false,
      },
    ]);

    const preview = await bff.request(Patterns.rankings.deskPreview, { industry });
    expect(preview).toMatchObject({
      industry,
      period_before: { period_year: 2031, period_qrt: 1 },
      period_after: { period_year: 2031, period_qrt: 1 },
      members_before: 4,
      members_after: 5,
      added: [{ upright_cid: cid('E'), company_name: `Desk E ${tag}` }],
      removed: [],
    });
    // D climbs from last to first on the score that moved it; the others make room.
    expect(preview!.moves[0]).toEqual({
      upright_cid: cid('D'),
      company_name: `Desk D ${tag}`,
      before: 4,
      after: 1,
      scores: [{ issue: 'climate', field: 'climate_score', before: 40, after: 1 }],
    });
    // E enters between B and C: C loses two places, A and B one each (then by name).
    expect(
      preview!.moves
        .slice(1)
        .map((move) => [move.upright_cid, move.before, move.after, move.scores]),
    ).toEqual([
      [cid('C'), 3, 5, []],
      [cid('A'), 1, 2, []],
      [cid('B'), 2, 3, []],
    ]);
    // Only A has a climate figure; D's new score and E's have none (rules §16).
    expect(preview!.scores_without_figures).toEqual([
      { upright_cid: cid('D'), company_name: `Desk D ${tag}`, issues: ['climate'] },
      { upright_cid: cid('E'), company_name: `Desk E ${tag}`, issues: ['climate', 'tax'] },
    ]);
    expect(preview!.coverage).toEqual([
      { issue: 'climate', before: 4, after: 5 },
      { issue: 'tax', before: 4, after: 5 },
    ]);
    expect(await bff.request(Patterns.rankings.deskPreview, { industry: 'no-such-industry' })).toBe(
      null,
    );
  });

  it('refuses a second stage without replace; with replace, the old draft is discarded', async () => {
    const draft = (await state()).draft!;
    const { upload_id, chunks } = await upload(changedFile());
    const request = { upload_id, chunks, replace: false, actor: admin };
    await expect(bff.request(Patterns.rankings.deskStage, request)).rejects.toEqual({
      code: 'conflict',
      message: DESK_TEXTS.draftExists(draft.version_id),
      field: 'replace',
    });
    // The upload is kept: the admin stages it again, replacing the draft.
    const { job_id } = await bff.request(Patterns.rankings.deskStage, {
      ...request,
      replace: true,
    });
    const replaced = await finished(job_id);
    expect(replaced.state).toBe('done');
    expect(replaced.version_id).toBeGreaterThan(draft.version_id);
    const { rows } = await db.query<{ state: string; file_gz: Buffer | null }>(
      'SELECT state, file_gz FROM rankings.data_versions WHERE version_id = $1',
      [draft.version_id],
    );
    expect(rows[0]).toEqual({ state: 'discarded', file_gz: null });
    const log = await bff.request(Patterns.rankings.deskLog, { page: 1 });
    expect(log.entries.slice(0, 2).map((entry) => [entry.action, entry.version_id])).toEqual([
      ['stage', replaced.version_id],
      ['discard', draft.version_id],
    ]);
  });

  it('lists every problem of a bad file by row and field, and stages nothing', async () => {
    const draft = (await state()).draft!;
    const bad = changedFile() as Record<string, unknown> & ReturnType<typeof changedFile>;
    (bad.companies[1] as Record<string, unknown>).company_name = 42;
    (bad.scores[2] as Record<string, unknown>).period_qrt = 5;
    const failed = await stage(bad, true);
    expect(failed).toMatchObject({
      state: 'failed',
      problem_count: 2,
      error: 'The file has 2 problems; nothing was staged.',
      version_id: null,
    });
    expect(failed.problems.map((problem) => problem.path)).toEqual([
      'companies[1].company_name',
      'scores[2].period_qrt',
    ]);
    const notJson = await stage('{"industries": [', true);
    expect(notJson.problems).toEqual([
      { path: '(file)', message: expect.stringContaining('is not valid JSON') },
    ]);
    // The draft there was is still the draft.
    expect((await state()).draft!.version_id).toBe(draft.version_id);
  });

  it('publishes the draft as the file says, logs it, and rolls back to exactly the rows before', async () => {
    const draft = (await state()).draft!;
    const beforePublish = await dump();
    const published = await publish(draft.version_id);
    expect(published.state).toBe('done');
    expect(await climateOf('D')).toBe('1.0000');
    expect(await climateOf('E')).toBe('25.0000');
    expect(await dump()).not.toBe(beforePublish);
    const log = await bff.request(Patterns.rankings.deskLog, { page: 1 });
    expect(log.entries[0]).toMatchObject({
      actor: admin,
      actor_kind: 'admin',
      action: 'publish',
      version_id: draft.version_id,
      file_sha256: draft.file_sha256,
    });
    expect(log.entries.find((entry) => entry.action === 'stage')?.version_id).toBe(
      draft.version_id,
    );
    expect([log.page, log.size]).toEqual([1, DESK_LOG_PAGE_SIZE]);
    expect(log.total).toBeGreaterThanOrEqual(log.entries.length);

    const published_ = await state();
    expect(published_.rollback_to?.version_id).toBe(draft.base_version);
    const versionBefore = await dataVersion();
    const rolledBack = await rollback();
    expect(rolledBack).toMatchObject({
      kind: 'rollback',
      state: 'done',
      version_id: draft.base_version,
    });
    // Every row of the five tables, updated_at included, is as it was before the publish.
    expect(await dump()).toBe(beforePublish);
    expect(await dataVersion()).not.toBe(versionBefore);
    const after = await state();
    expect(after.public.version_id).toBe(draft.base_version);
    // Rolling back again would publish the rolled-back version again.
    expect(after.rollback_to?.version_id).toBe(draft.version_id);
    const entry = (await bff.request(Patterns.rankings.deskLog, { page: 1 })).entries[0];
    expect(entry).toMatchObject({
      action: 'rollback',
      version_id: draft.base_version,
      counts: { companies: { removed: 1 }, scores: { updated: 1, removed: 1 } },
    });
  });

  it('refuses to publish a draft whose public data moved since it was staged', async () => {
    const staged = await stage(changedFile(), true);
    // The public version moves under the draft: a rollback.
    expect((await rollback()).state).toBe('done');
    await expect(
      bff.request(Patterns.rankings.deskPublish, { version_id: staged.version_id!, actor: admin }),
    ).rejects.toEqual({ code: 'conflict', message: DESK_TEXTS.baseMoved });
    // The same check in the publish's own transaction, for a publish that started before.
    const prisma = new PrismaClient({
      adapter: createPgAdapter({
        DATABASE_URL: infra.databaseUrl('rankings'),
        DATABASE_POOL_SIZE: 2,
      }),
    });
    try {
      const desk = new DataDesk(prisma, null);
      await expect(
        desk.publish(staged.version_id!, { name: admin, kind: 'admin' }, () => undefined),
      ).rejects.toThrow(DESK_TEXTS.baseMoved);
    } finally {
      await prisma.$disconnect();
    }
    await expect(
      bff.request(Patterns.rankings.deskPublish, {
        version_id: staged.version_id! + 1,
        actor: admin,
      }),
    ).rejects.toEqual({
      code: 'conflict',
      message: DESK_TEXTS.notTheDraft(staged.version_id! + 1, staged.version_id!),
      field: 'version_id',
    });
    expect(await bff.request(Patterns.rankings.deskDiscard, { actor: admin })).toEqual({
      discarded: true,
    });
    expect(await bff.request(Patterns.rankings.deskDiscard, { actor: admin })).toEqual({
      discarded: false,
    });
    await expect(
      bff.request(Patterns.rankings.deskPublish, { version_id: staged.version_id!, actor: admin }),
    ).rejects.toEqual({ code: 'not_found', message: DESK_TEXTS.noDraft, field: 'version_id' });
  });

  it('alerts followers when a publish brings a new period, and nobody on a rollback', async () => {
    const withNextQuarter = baseFile();
    withNextQuarter.scores.push(
      score('A', 40, [2031, 2]),
      score('B', 30, [2031, 2]),
      score('C', 20, [2031, 2]),
      score('D', 10, [2031, 2]),
    );
    const staged = await stage(withNextQuarter, true);
    expect((await state()).draft!.industries[0]).toMatchObject({
      industry,
      alerts_followers: true,
    });
    const alertsBefore = await rankAlerts.count();
    expect((await publish(staged.version_id!)).state).toBe('done');
    const jobs = await rankAlerts.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    expect(jobs.length).toBe(alertsBefore + 1);
    expect(jobs.map((job) => job.data.period)).toContainEqual({ period_year: 2031, period_qrt: 2 });

    expect((await rollback()).state).toBe('done');
    expect(await rankAlerts.count()).toBe(alertsBefore + 1);
  });

  it('answers a bad message with the field it names, and an unknown or incomplete upload', async () => {
    const send = (data: unknown) =>
      bff.request(Patterns.rankings.deskStage, data as never).then(
        () => null,
        (error: { code: string; field?: string }) => [error.code, error.field],
      );
    const good = { upload_id: randomUUID(), chunks: 2, replace: false, actor: admin };
    expect(await send({ ...good, chunks: '2' })).toEqual(['validation_failed', 'chunks']);
    expect(await send({ ...good, upload_id: 'upload' })).toEqual([
      'validation_failed',
      'upload_id',
    ]);
    const { actor: _actor, ...withoutActor } = good;
    expect(await send(withoutActor)).toEqual(['validation_failed', 'actor']);
    expect(await send({ ...good, extra: true })).toEqual(['validation_failed', undefined]);
    expect(await send(good)).toEqual(['not_found', 'upload_id']);
    await bff.request(Patterns.rankings.deskUploadChunk, {
      upload_id: good.upload_id,
      index: 1,
      data: Buffer.from('{}').toString('base64'),
    });
    expect(await send(good)).toEqual(['validation_failed', 'chunks']);
    await expect(
      bff.request(Patterns.rankings.deskUploadChunk, {
        upload_id: good.upload_id,
        index: 0,
        data: 'not base64!',
      }),
    ).rejects.toMatchObject({ code: 'validation_failed', field: 'data' });
    // A chunk sent again overwrites itself.
    for (const text of ['{"a"', '{}']) {
      const kept = await bff.request(Patterns.rankings.deskUploadChunk, {
        upload_id: good.upload_id,
        index: 0,
        data: Buffer.from(text).toString('base64'),
      });
      expect(kept).toEqual({ received: 2 });
    }
    await expect(bff.request(Patterns.rankings.deskJob, { job_id: 'job' })).rejects.toMatchObject({
      code: 'validation_failed',
      field: 'job_id',
    });
    expect(await bff.request(Patterns.rankings.deskJob, { job_id: randomUUID() })).toBeNull();
    await expect(bff.request(Patterns.rankings.deskLog, { page: 0 })).rejects.toMatchObject({
      code: 'validation_failed',
      field: 'page',
    });
  });

  it('reads a running job whose heartbeat stopped as failed, and lets the next job start', async () => {
    const dead = randomUUID();
    await db.query(
      `INSERT INTO rankings.desk_jobs (job_id, kind, actor, phase, beat_at)
       VALUES ($1, 'publish', $2, 'applying scores', now() - interval '61 seconds')`,
      [dead, admin],
    );
    expect(await bff.request(Patterns.rankings.deskJob, { job_id: dead })).toMatchObject({
      state: 'failed',
      error: JOB_STALE_ERROR,
      phase: 'applying scores',
    });
    expect((await state()).running_job).toBeNull();

    // A live one (its heartbeat is recent) holds the desk: no second job starts.
    const live = randomUUID();
    await db.query(
      `INSERT INTO rankings.desk_jobs (job_id, kind, actor, phase) VALUES ($1, 'stage', $2, 'validating')`,
      [live, admin],
    );
    expect((await state()).running_job).toBe(live);
    await expect(bff.request(Patterns.rankings.deskRollback, { actor: admin })).rejects.toEqual({
      code: 'conflict',
      message: DESK_TEXTS.jobRunning,
    });
    await db.query(`UPDATE rankings.desk_jobs SET state = 'failed' WHERE job_id = $1`, [live]);
    // Starting a job closed the dead one for good; the next one runs.
    expect((await rollback()).state).toBe('done');
    const { rows } = await db.query(
      'SELECT state, error FROM rankings.desk_jobs WHERE job_id = $1',
      [dead],
    );
    expect(rows[0]).toEqual({ state: 'failed', error: JOB_STALE_ERROR });
  });

  it('stages an accepted correction in the draft: nothing public changes until it is published, then it is accepted and mailed once', async () => {
    // A draft of an uploaded file first: the correction is merged into it.
    const uploaded = await stage(changedFile(), true);
    expect(uploaded.state).toBe('done');
    const publicRows = await dump();
    const before = await climateNumber('B');
    const id = await askCorrection('B');
    const reference = `C-${id}`;

    const staged = await acceptCorrection(id, before + 1);
    expect(staged).toMatchObject({
      reference,
      status: 'staged',
      resolved_at: null,
      corrected_field: 'climate_score',
      before_value: before,
      after_value: before + 1,
      reason: 'The registry was right.',
    });
    expect(staged.staged_version).toBeGreaterThan(uploaded.version_id!);
    // Public data, every row of it, is as it was.
    expect(await dump()).toBe(publicRows);
    const now = await state();
    expect(now.draft).toMatchObject({
      version_id: staged.staged_version,
      base_version: now.public.version_id,
      corrections: 1,
    });
    // The uploaded draft is replaced by the merged one, in the log as on the desk.
    const log = (await bff.request(Patterns.rankings.deskLog, { page: 1 })).entries;
    expect(log.slice(0, 3).map((entry) => [entry.action, entry.version_id])).toEqual([
      ['correction', staged.staged_version],
      ['stage', staged.staged_version],
      ['discard', uploaded.version_id],
    ]);
    expect(log[0]).toMatchObject({
      actor: admin,
      actor_kind: 'admin',
      file_sha256: null,
      counts: {
        reference,
        upright_cid: cid('B'),
        field: 'climate_score',
        period_year: 2031,
        period_qrt: 1,
        before,
        after: before + 1,
      },
    });
    // Staged, not resolved: the requester is kept, the public ledger still counts it as open,
    // and nobody is mailed yet.
    expect(await requestRow(id)).toMatchObject({
      status: 'staged',
      staged_version: staged.staged_version,
      requester_name: 'Grace Hopper',
      resolved_at: null,
    });
    expect(await ledgerOf('B')).toMatchObject({ open_requests: 1, entries: [] });
    expect(await mails.getJob(mailJobId.correctionResolved(reference))).toBeUndefined();
    // A request staged already is neither accepted nor rejected again.
    const again = {
      code: 'conflict',
      message: `Correction request ${reference} was already staged in draft ${staged.staged_version}`,
      field: 'id',
    };
    await expect(acceptCorrection(id, before + 2)).rejects.toEqual(again);
    await expect(
      bff.request(Patterns.rankings.rejectCorrection, { id, reason: 'No.', resolved_by: admin }),
    ).rejects.toEqual(again);
    // A second new value of the same score waits until this draft is published or discarded.
    const rival = await askCorrection('B', 'rival');
    await expect(acceptCorrection(rival, before + 3)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining(`${reference} already stages a new Climate score`),
    });
    await bff.request(Patterns.rankings.rejectCorrection, {
      id: rival,
      reason: 'Asked twice.',
      resolved_by: admin,
    });

    const ledgerVersion = await rankings.app
      .get(RedisConnection)
      .redis.get(ledgerVersionKey(prefix));
    expect((await publish(staged.staged_version)).state).toBe('done');
    // The draft's own change and the correction are public together.
    expect(await climateOf('D')).toBe('1.0000');
    expect(await climateNumber('B')).toBe(before + 1);
    expect(await requestRow(id)).toMatchObject({
      status: 'accepted',
      staged_version: staged.staged_version,
      requester_name: null,
      resolved_at: expect.any(Date),
    });
    const mail = await mails.getJob(mailJobId.correctionResolved(reference));
    expect(mail?.data).toMatchObject({
      requester: { name: 'Grace Hopper', email: `grace-${tag}-B@example.org` },
      outcome: 'accepted',
      before,
      after: before + 1,
      reason: 'The registry was right.',
    });
    // The ledgers' version moved after the commit: the entry is listed at once.
    expect(await rankings.app.get(RedisConnection).redis.get(ledgerVersionKey(prefix))).not.toBe(
      ledgerVersion,
    );
    const ledger = await ledgerOf('B');
    expect(ledger).toMatchObject({ open_requests: 0 });
    expect(ledger!.entries.map((entry) => [entry.reference, entry.status])).toEqual([
      [reference, 'accepted'],
      [`C-${rival}`, 'rejected'],
    ]);

    // A rollback restores the data; the ledger keeps what was accepted, the log the rollback.
    expect((await rollback()).state).toBe('done');
    expect(await climateNumber('B')).toBe(before);
    expect((await requestRow(id)).status).toBe('accepted');
    const jobs = await mails.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    expect(jobs.filter((job) => job.id === mailJobId.correctionResolved(reference))).toHaveLength(
      1,
    );
  });

  it('merges a second correction into the draft; a discard, or an uploaded file replacing the draft, returns them to the queue', async () => {
    expect((await state()).draft).toBeNull();
    const [a, c] = [await climateNumber('A'), await climateNumber('C')];
    const first = await askCorrection('A');
    const second = await askCorrection('C');
    // No draft: the first stages a draft of its row alone, the second merges into it.
    const one = await acceptCorrection(first, a + 1);
    const two = await acceptCorrection(second, c + 1);
    expect(two.staged_version).toBeGreaterThan(one.staged_version);
    const draft = (await state()).draft!;
    expect(draft).toMatchObject({ version_id: two.staged_version, corrections: 2 });
    expect(draft.counts.scores).toMatchObject({ updated: 2 });
    expect(await requestRow(first)).toMatchObject({
      status: 'staged',
      staged_version: two.staged_version,
    });

    // Discarded: both are open again, the admin's staged change cleared, the requester kept.
    expect(await bff.request(Patterns.rankings.deskDiscard, { actor: admin })).toEqual({
      discarded: true,
    });
    for (const id of [first, second]) {
      expect(await requestRow(id)).toEqual({
        status: 'open',
        staged_version: null,
        requester_name: 'Grace Hopper',
        resolved_at: null,
        corrected_field: null,
        after_value: null,
        resolution_reason: null,
      });
    }
    const queue = await corrections().open({ page: 1, size: 50 });
    expect(queue.corrections.find((entry) => entry.id === first)?.staged).toBeNull();

    // Staged again, then an uploaded file replaces the draft: it does not carry it.
    const staged = await acceptCorrection(first, a + 1);
    const listed = (await corrections().open({ page: 1, size: 50 })).corrections.find(
      (entry) => entry.id === first,
    );
    expect(listed?.staged).toEqual({
      version_id: staged.staged_version,
      corrected_field: 'climate_score',
      corrected_field_label: 'Climate score',
      after_value: a + 1,
      reason: 'The registry was right.',
    });
    const replaced = await stage(changedFile(), true);
    expect(await requestRow(first)).toMatchObject({ status: 'open', staged_version: null });
    expect((await state()).draft).toMatchObject({
      version_id: replaced.version_id,
      corrections: 0,
    });

    // A draft whose base is no longer public cannot take a correction.
    expect((await rollback()).state).toBe('done');
    await expect(acceptCorrection(first, a + 1)).rejects.toEqual({
      code: 'conflict',
      message: DESK_TEXTS.baseMoved,
    });
    expect((await requestRow(first)).status).toBe('open');
    await bff.request(Patterns.rankings.deskDiscard, { actor: admin });

    // Nor while a stage, publish or rollback runs.
    const live = randomUUID();
    await db.query(
      `INSERT INTO rankings.desk_jobs (job_id, kind, actor, phase) VALUES ($1, 'stage', $2, 'validating')`,
      [live, admin],
    );
    await expect(acceptCorrection(first, a + 1)).rejects.toEqual({
      code: 'conflict',
      message: DESK_TEXTS.jobRunning,
    });
    await db.query(`UPDATE rankings.desk_jobs SET state = 'failed' WHERE job_id = $1`, [live]);
    for (const id of [first, second]) {
      await bff.request(Patterns.rankings.rejectCorrection, {
        id,
        reason: 'Checked.',
        resolved_by: admin,
      });
    }
  });

  it("keeps a correction's draft only with the request's own change, on the draft and base it was made from", async () => {
    const prisma = new PrismaClient({
      adapter: createPgAdapter({
        DATABASE_URL: infra.databaseUrl('rankings'),
        DATABASE_POOL_SIZE: 2,
      }),
    });
    try {
      const desk = new DataDesk(prisma, null);
      const uploaded = await stage(changedFile(), true);
      const base = (await state()).public.version_id;
      const bytes = Buffer.from(JSON.stringify({ scores: [score('A', 11)] }));
      const actor = { name: admin, kind: 'admin' } as const;
      const kept: number[] = [];
      const keep = async (_tx: unknown, versionId: number) => {
        kept.push(versionId);
      };
      const stageWith = (correction: { draft: number | null; base: number }, hook = keep) =>
        desk.stage(
          bytes,
          { replace: true, actor, correction: { ...correction, keep: hook } },
          () => undefined,
        );
      // Another draft is the draft now, or none is: what the file was made from is gone.
      await expect(stageWith({ draft: uploaded.version_id! - 1, base })).rejects.toThrow(
        DESK_TEXTS.draftChanged,
      );
      await expect(stageWith({ draft: null, base })).rejects.toThrow(DESK_TEXTS.draftChanged);
      await expect(stageWith({ draft: uploaded.version_id!, base: base - 1 })).rejects.toThrow(
        DESK_TEXTS.baseMoved,
      );
      // The request's change fails (it was decided meanwhile): no draft of it is kept.
      await expect(
        stageWith({ draft: uploaded.version_id!, base }, async () => {
          throw new Error('decided meanwhile');
        }),
      ).rejects.toThrow('decided meanwhile');
      expect(kept).toEqual([]);
      expect((await state()).draft?.version_id).toBe(uploaded.version_id);
      // Made from the draft on its base: kept, and the hook ran in its transaction.
      const staged = await stageWith({ draft: uploaded.version_id!, base });
      expect(staged.ok && kept).toEqual([staged.ok && staged.versionId]);
      expect((await state()).draft?.version_id).toBe(kept[0]);
    } finally {
      await prisma.$disconnect();
    }
    expect(await bff.request(Patterns.rankings.deskDiscard, { actor: admin })).toEqual({
      discarded: true,
    });
  });

  it('keeps the snapshots of the 3 versions retired last, and no others', async () => {
    // Four publishes retire the public version and the three published after it, in that order.
    const retired = [(await state()).public.version_id];
    for (let round = 0; round < 4; round += 1) {
      const staged = await stage(changedFile(), true);
      expect((await publish(staged.version_id!)).state).toBe('done');
      retired.push(staged.version_id!);
    }
    const { rows: kept } = await db.query<{ version_id: number }>(
      `SELECT version_id::int FROM rankings.data_versions WHERE kept_at IS NOT NULL
        ORDER BY version_id`,
    );
    expect(kept.map((row) => row.version_id)).toEqual(retired.slice(1, 4));
    for (const table of DATA_TABLES) {
      const { rows } = await db.query<{ version_id: number }>(
        `SELECT DISTINCT version_id::int FROM rankings.kept_${table} ORDER BY 1`,
      );
      expect(rows).toEqual(kept);
    }
    expect((await state()).rollback_to?.version_id).toBe(retired[3]);
  });

  it('keeps the audit log append-only for every role', async () => {
    const roles = [
      new Client({ connectionString: infra.databaseUrl('rankings') }),
      new Client({ connectionString: infra.adminUrl() }),
    ];
    for (const role of roles) {
      await role.connect();
      try {
        for (const statement of [
          "UPDATE rankings.data_audit_log SET actor = 'someone else'",
          'DELETE FROM rankings.data_audit_log',
          'TRUNCATE rankings.data_audit_log',
        ]) {
          await expect(role.query(statement)).rejects.toThrow(
            /append-only|permission denied for table data_audit_log/,
          );
        }
      } finally {
        await role.end();
      }
    }
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM rankings.data_audit_log',
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  });
});
