import {
  DESK_LOG_PAGE_SIZE,
  type DataVersionState,
  type DeskAction,
  type DeskJob,
  type DeskActorKind,
  type DeskJobKind,
  type DeskLogEntry,
  type DeskProblem,
  type IndustryChangeSummary,
  type IndustryPreview,
  type IssueKey,
  type Period,
  type SectionCounts,
} from '@upright/contracts';
import { Prisma, type PrismaClient } from '../generated/prisma/client';

export type Tx = Prisma.TransactionClient;

/** A job as its row says: the answer's fields and the row's own; `read_at` is the database's clock when it was read. */
export interface JobRow extends DeskJob {
  actor: string;
  started_at: Date;
  beat_at: Date;
  finished_at: Date | null;
  read_at: Date;
}

/** Who does it: an admin's uid through the desk, or `cli` for `make import`. */
export interface DeskActor {
  name: string;
  kind: DeskActorKind;
}

export interface VersionRow {
  version_id: number;
  state: DataVersionState;
  base_version: number | null;
  file_sha256: string | null;
  counts: Record<string, SectionCounts>;
  staged_by: string;
  staged_at: Date;
  published_by: string | null;
  published_at: Date | null;
}

const VERSION_COLUMNS = Prisma.sql`version_id::int, state, base_version::int, file_sha256, counts,
  staged_by, staged_at, published_by, published_at`;

export interface NewDraft {
  baseVersion: number;
  sha256: string;
  fileGz: Buffer;
  counts: Record<string, SectionCounts>;
  stagedBy: string;
}

export interface AuditEntry {
  actor: DeskActor;
  action: DeskAction;
  versionId: number;
  sha256: string | null;
  counts: Record<string, unknown>;
}

/** Advisory lock space of the desk's jobs (first key of `pg_advisory_xact_lock(int, int)`). */
const DESK_JOBS_LOCK = 250_077;

const JOB_COLUMNS = Prisma.sql`job_id::text, kind, state, phase, done, total, problems,
  problem_count, error, version_id::int, actor, started_at, beat_at, finished_at, now() AS read_at`;

/** Retired snapshots kept for rollbacks (decision 0077 §1). */
export const SNAPSHOTS_KEPT = 3;

/** The desk's own tables: versions, previews, audit log, jobs and upload chunks. */
export class DeskRepository {
  constructor(private readonly db: PrismaClient) {}

  transaction<T>(work: (tx: Tx) => Promise<T>, options?: { timeout: number; maxWait: number }) {
    return this.db.$transaction(work, options);
  }

  // -- versions --------------------------------------------------------------------------------

  /** The public version; locked for the rest of the transaction when `lock`. */
  async publicVersion(db: Tx = this.db, lock = false): Promise<VersionRow> {
    const rows = await db.$queryRaw<VersionRow[]>`
      SELECT ${VERSION_COLUMNS} FROM rankings.data_versions WHERE state = 'public'
      ${lock ? Prisma.sql`FOR UPDATE` : Prisma.empty}`;
    if (rows.length === 0) throw new Error('rankings.data_versions has no public version');
    return rows[0]!;
  }

  async draft(db: Tx = this.db, lock = false): Promise<VersionRow | null> {
    const rows = await db.$queryRaw<VersionRow[]>`
      SELECT ${VERSION_COLUMNS} FROM rankings.data_versions WHERE state = 'draft'
      ${lock ? Prisma.sql`FOR UPDATE` : Prisma.empty}`;
    return rows[0] ?? null;
  }

  /** The gzip of the draft's validated file. */
  async draftFile(versionId: number): Promise<Buffer | null> {
    const rows = await this.db.$queryRaw<Array<{ file_gz: Uint8Array }>>`
      SELECT file_gz FROM rankings.data_versions
       WHERE version_id = ${versionId}::bigint AND state = 'draft'`;
    return rows[0] ? Buffer.from(rows[0].file_gz) : null;
  }

  /** The retired version a rollback restores: the one whose snapshot was taken last. */
  async rollbackTarget(db: Tx = this.db, lock = false): Promise<VersionRow | null> {
    const rows = await db.$queryRaw<VersionRow[]>`
      SELECT ${VERSION_COLUMNS} FROM rankings.data_versions
       WHERE state = 'retired' AND kept_at IS NOT NULL
       ORDER BY kept_at DESC, version_id DESC LIMIT 1
      ${lock ? Prisma.sql`FOR UPDATE` : Prisma.empty}`;
    return rows[0] ?? null;
  }

  async insertDraft(tx: Tx, draft: NewDraft): Promise<number> {
    const [row] = await tx.$queryRaw<Array<{ version_id: number }>>`
      INSERT INTO rankings.data_versions (state, base_version, file_sha256, file_gz, counts, staged_by)
      VALUES ('draft', ${draft.baseVersion}::bigint, ${draft.sha256}, ${draft.fileGz},
              ${JSON.stringify(draft.counts)}::jsonb, ${draft.stagedBy})
      RETURNING version_id::int`;
    return row!.version_id;
  }

  async insertPreviews(
    tx: Tx,
    versionId: number,
    previews: ReadonlyArray<{ summary: IndustryChangeSummary; preview: IndustryPreview }>,
  ): Promise<void> {
    for (const { summary, preview } of previews) {
      await tx.$executeRaw`
        INSERT INTO rankings.draft_previews (version_id, industry, summary, preview)
        VALUES (${versionId}::bigint, ${preview.industry}, ${JSON.stringify(summary)}::jsonb,
                ${JSON.stringify(preview)}::jsonb)`;
    }
  }

  /** The draft is `discarded`: its file and preview are dropped. */
  async discard(tx: Tx, versionId: number): Promise<void> {
    await tx.$executeRaw`DELETE FROM rankings.draft_previews WHERE version_id = ${versionId}::bigint`;
    await tx.$executeRaw`
      UPDATE rankings.data_versions SET state = 'discarded', file_gz = NULL
       WHERE version_id = ${versionId}::bigint`;
  }

  /** The draft becomes public and the public version retired, its snapshot taken now. */
  async publishDraft(tx: Tx, draftId: number, publicId: number, actor: string): Promise<void> {
    await this.retire(tx, publicId);
    await tx.$executeRaw`DELETE FROM rankings.draft_previews WHERE version_id = ${draftId}::bigint`;
    await tx.$executeRaw`
      UPDATE rankings.data_versions
         SET state = 'public', file_gz = NULL, published_by = ${actor}, published_at = now()
       WHERE version_id = ${draftId}::bigint`;
  }

  /** A retired version is public again (a rollback); the one public until now is retired. */
  async restoreVersion(tx: Tx, targetId: number, publicId: number, actor: string): Promise<void> {
    await this.retire(tx, publicId);
    await tx.$executeRaw`
      UPDATE rankings.data_versions
         SET state = 'public', kept_at = NULL, published_by = ${actor}, published_at = now()
       WHERE version_id = ${targetId}::bigint`;
  }

  private async retire(tx: Tx, versionId: number): Promise<void> {
    // First, so that the one-public index never sees two.
    await tx.$executeRaw`
      UPDATE rankings.data_versions SET state = 'retired', kept_at = clock_timestamp()
       WHERE version_id = ${versionId}::bigint`;
  }

  /** Retired versions whose snapshots are older than the SNAPSHOTS_KEPT newest: no longer kept. */
  async snapshotsToDrop(tx: Tx): Promise<number[]> {
    const rows = await tx.$queryRaw<Array<{ version_id: number }>>`
      UPDATE rankings.data_versions SET kept_at = NULL
       WHERE version_id IN (SELECT version_id FROM rankings.data_versions
                             WHERE kept_at IS NOT NULL
                             ORDER BY kept_at DESC, version_id DESC OFFSET ${SNAPSHOTS_KEPT})
      RETURNING version_id::int`;
    return rows.map((row) => row.version_id);
  }

  // -- what the draft's preview reads ----------------------------------------------------------

  /** What a file may refer to without listing it: the industries and companies stored. */
  async knownKeys(): Promise<{
    knownIndustries: Set<string>;
    knownCompanies: Set<string>;
  }> {
    const [industries, companies] = await Promise.all([
      this.db.industry.findMany({ select: { industry: true } }),
      this.db.company.findMany({ select: { uprightCid: true } }),
    ]);
    return {
      knownIndustries: new Set(industries.map((row) => row.industry)),
      knownCompanies: new Set(companies.map((row) => row.uprightCid)),
    };
  }

  /** The industries any of these companies is listed in now. */
  async industriesOfCompanies(tx: Tx, uprightCids: readonly string[]): Promise<string[]> {
    if (uprightCids.length === 0) return [];
    const rows = await tx.$queryRaw<Array<{ industry: string }>>`
      SELECT DISTINCT industry FROM rankings.company_industries
       WHERE upright_cid = ANY (${[...uprightCids]}::text[])`;
    return rows.map((row) => row.industry);
  }

  /** Name and applicable issues (`industry_values`) of each industry that exists. */
  async industries(
    tx: Tx,
    industries: readonly string[],
  ): Promise<Map<string, { text: string; values: IssueKey[] }>> {
    const rows = await tx.industry.findMany({
      where: { industry: { in: [...industries] } },
      select: { industry: true, industryText: true, industryValues: true },
    });
    return new Map(
      rows.map((row) => [
        row.industry,
        { text: row.industryText, values: row.industryValues as IssueKey[] },
      ]),
    );
  }

  async alertedPeriods(tx: Tx): Promise<Map<string, Period>> {
    const rows = await tx.alertedPeriod.findMany();
    return new Map(
      rows.map((row) => [row.industry, { period_year: row.periodYear, period_qrt: row.periodQrt }]),
    );
  }

  /** The detail tables each of these companies has a row of at `period`. */
  async figuresAt(
    tx: Tx,
    uprightCids: readonly string[],
    period: Period,
  ): Promise<Map<string, Set<string>>> {
    const figures = new Map<string, Set<string>>();
    if (uprightCids.length === 0) return figures;
    const rows = await tx.$queryRaw<Array<{ upright_cid: string; detail_table: string }>>`
      SELECT upright_cid, detail_table FROM rankings.company_details
       WHERE upright_cid = ANY (${[...uprightCids]}::text[])
         AND period_year = ${period.period_year}::smallint
         AND period_qrt = ${period.period_qrt}::smallint`;
    for (const row of rows) {
      const tables = figures.get(row.upright_cid) ?? new Set<string>();
      tables.add(row.detail_table);
      figures.set(row.upright_cid, tables);
    }
    return figures;
  }

  // -- state, preview and log ------------------------------------------------------------------

  async draftIndustries(versionId: number): Promise<IndustryChangeSummary[]> {
    const rows = await this.db.$queryRaw<Array<{ summary: IndustryChangeSummary }>>`
      SELECT summary FROM rankings.draft_previews
       WHERE version_id = ${versionId}::bigint ORDER BY industry`;
    return rows.map((row) => row.summary);
  }

  async draftPreview(industry: string): Promise<IndustryPreview | null> {
    const rows = await this.db.$queryRaw<Array<{ preview: IndustryPreview }>>`
      SELECT p.preview FROM rankings.draft_previews p
        JOIN rankings.data_versions v ON v.version_id = p.version_id AND v.state = 'draft'
       WHERE p.industry = ${industry}`;
    return rows[0]?.preview ?? null;
  }

  /** Written in the transaction of the change it records; the table refuses any other change. */
  async audit(tx: Tx, entry: AuditEntry): Promise<void> {
    await tx.$executeRaw`
      INSERT INTO rankings.data_audit_log (actor, actor_kind, action, version_id, file_sha256, counts)
      VALUES (${entry.actor.name}, ${entry.actor.kind}, ${entry.action}, ${entry.versionId}::bigint,
              ${entry.sha256}, ${JSON.stringify(entry.counts)}::jsonb)`;
  }

  /** One page of the audit log, newest first. */
  async log(page: number): Promise<{ entries: DeskLogEntry[]; total: number }> {
    const [entries, [count]] = await Promise.all([
      this.db.$queryRaw<Array<Omit<DeskLogEntry, 'at'> & { at: Date }>>`
        SELECT id::int, at, actor, actor_kind, action, version_id::int, file_sha256, counts
          FROM rankings.data_audit_log ORDER BY id DESC
         LIMIT ${DESK_LOG_PAGE_SIZE} OFFSET ${(page - 1) * DESK_LOG_PAGE_SIZE}`,
      this.db.$queryRaw<Array<{ total: number }>>`
        SELECT count(*)::int AS total FROM rankings.data_audit_log`,
    ]);
    return {
      entries: entries.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
      total: count!.total,
    };
  }

  // -- upload chunks ---------------------------------------------------------------------------

  /** Keeps one chunk (a repeat overwrites it); returns how many of the upload are kept. */
  async keepChunk(uploadId: string, index: number, data: Buffer): Promise<number> {
    await this.db.$executeRaw`
      INSERT INTO rankings.desk_upload_chunks (upload_id, "index", data)
      VALUES (${uploadId}::uuid, ${index}::int, ${data})
      ON CONFLICT (upload_id, "index") DO UPDATE SET data = excluded.data, received_at = now()`;
    // Uploads never staged are not kept for ever.
    await this.db.$executeRaw`
      DELETE FROM rankings.desk_upload_chunks WHERE received_at < now() - interval '1 day'`;
    const [row] = await this.db.$queryRaw<Array<{ chunks: number }>>`
      SELECT count(*)::int AS chunks FROM rankings.desk_upload_chunks
       WHERE upload_id = ${uploadId}::uuid`;
    return row!.chunks;
  }

  /** Which of the first `count` chunks are kept, and their size in bytes. */
  async chunksKept(uploadId: string, count: number): Promise<{ indices: number[]; bytes: number }> {
    const rows = await this.db.$queryRaw<Array<{ index: number; bytes: number }>>`
      SELECT "index", octet_length(data)::int AS bytes FROM rankings.desk_upload_chunks
       WHERE upload_id = ${uploadId}::uuid AND "index" < ${count}::int ORDER BY "index"`;
    return {
      indices: rows.map((row) => row.index),
      bytes: rows.reduce((sum, row) => sum + row.bytes, 0),
    };
  }

  /** The upload's first `count` chunks, one at a time, so no more than one is read at once. */
  async chunk(uploadId: string, index: number): Promise<Buffer | null> {
    const rows = await this.db.$queryRaw<Array<{ data: Uint8Array }>>`
      SELECT data FROM rankings.desk_upload_chunks
       WHERE upload_id = ${uploadId}::uuid AND "index" = ${index}::int`;
    return rows[0] ? Buffer.from(rows[0].data) : null;
  }

  async deleteUpload(uploadId: string): Promise<void> {
    await this.db
      .$executeRaw`DELETE FROM rankings.desk_upload_chunks WHERE upload_id = ${uploadId}::uuid`;
  }

  // -- jobs ------------------------------------------------------------------------------------

  /**
   * Adds a running job unless one runs already (a job whose process died, heartbeat older than
   * `staleSeconds`, is closed as failed first); null when one runs. Serialised by an advisory
   * lock, so two requests cannot both start one.
   */
  async startJob(
    job: { jobId: string; kind: DeskJobKind; actor: string },
    stale: { seconds: number; error: string },
  ): Promise<JobRow | null> {
    return this.db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${DESK_JOBS_LOCK}::int, 0)`;
      await tx.$executeRaw`
        UPDATE rankings.desk_jobs SET state = 'failed', error = ${stale.error}, finished_at = now()
         WHERE state = 'running' AND beat_at < now() - make_interval(secs => ${stale.seconds}::int)`;
      const running = await tx.$queryRaw<JobRow[]>`
        SELECT ${JOB_COLUMNS} FROM rankings.desk_jobs WHERE state = 'running' LIMIT 1`;
      if (running.length > 0) return null;
      const [row] = await tx.$queryRaw<JobRow[]>`
        INSERT INTO rankings.desk_jobs (job_id, kind, actor, phase)
        VALUES (${job.jobId}::uuid, ${job.kind}, ${job.actor}, 'starting')
        RETURNING ${JOB_COLUMNS}`;
      return row!;
    });
  }

  async job(jobId: string): Promise<JobRow | null> {
    const rows = await this.db.$queryRaw<JobRow[]>`
      SELECT ${JOB_COLUMNS} FROM rankings.desk_jobs WHERE job_id = ${jobId}::uuid`;
    return rows[0] ?? null;
  }

  /** The newest job still running, as its row says (whether its process lives is read later). */
  async runningJob(): Promise<JobRow | null> {
    const rows = await this.db.$queryRaw<JobRow[]>`
      SELECT ${JOB_COLUMNS} FROM rankings.desk_jobs WHERE state = 'running'
       ORDER BY started_at DESC LIMIT 1`;
    return rows[0] ?? null;
  }

  async jobProgress(jobId: string, phase: string, done: number, total: number): Promise<void> {
    await this.db.$executeRaw`
      UPDATE rankings.desk_jobs SET phase = ${phase}, done = ${done}::int, total = ${total}::int,
             beat_at = now()
       WHERE job_id = ${jobId}::uuid AND state = 'running'`;
  }

  async jobBeat(jobId: string): Promise<void> {
    await this.db.$executeRaw`
      UPDATE rankings.desk_jobs SET beat_at = now() WHERE job_id = ${jobId}::uuid AND state = 'running'`;
  }

  async finishJob(
    jobId: string,
    outcome:
      | { state: 'done'; versionId: number }
      | { state: 'failed'; error: string; problems?: DeskProblem[]; problemCount?: number },
  ): Promise<void> {
    const done = outcome.state === 'done';
    await this.db.$executeRaw`
      UPDATE rankings.desk_jobs
         SET state = ${outcome.state}, finished_at = now(), beat_at = now(),
             version_id = ${done ? outcome.versionId : null}::bigint,
             error = ${done ? null : outcome.error},
             problems = ${JSON.stringify(done ? [] : (outcome.problems ?? []))}::jsonb,
             problem_count = ${done ? 0 : (outcome.problemCount ?? 0)}::int
       WHERE job_id = ${jobId}::uuid`;
  }
}
