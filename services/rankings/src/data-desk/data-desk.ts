import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import {
  applicableIssues,
  DESK_PROBLEMS_SHOWN,
  type DataSet,
  type DeskProblem,
  type IndustryChangeSummary,
  type IndustryPreview,
  type SectionCounts,
} from '@upright/contracts';
import { CompaniesRepository } from '../companies/companies.repository';
import { rankedSetOf } from '../companies/ranked-sets.service';
import { queueResolutionMails } from '../corrections/resolution-mail';
import { StagedCorrections } from '../corrections/staged-corrections';
import { applyImport, IMPORT_TRANSACTION, type ImportSummary } from '../data-import/import-writer';
import type { ProgressReporter } from '../data-import/progress';
import {
  scoresWithoutFiguresSql,
  type ScoresWithoutFigures,
} from '../data-import/scores-without-figures';
import type { PrismaClient } from '../generated/prisma/client';
import { FILE_PATH, validateImportFile } from '../import-file';
import { newPeriods } from '../rank-alerts/new-periods';
import { announcePublicChange, type Announcer } from './announce';
import { withCorrectedScore, type ScoreCorrection } from './correction-file';
import { toDeskJob } from './desk-jobs';
import { DeskRepository, type DeskActor, type Tx, type VersionRow } from './desk.repository';
import {
  draftScores,
  emptySide,
  industryPreview,
  scoresWithoutFigures,
  sideOf,
  summaryOf,
  type IndustrySide,
} from './preview';
import { DESK_TEXTS, DeskRefusal } from './refusal';
import { dropSnapshot, restoreKept, snapshotData } from './snapshot';

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

export type StageOutcome =
  | { ok: false; problems: DeskProblem[]; problemCount: number }
  | {
      ok: true;
      versionId: number;
      baseVersion: number;
      summary: ImportSummary;
      previews: IndustryPreview[];
      industries: IndustryChangeSummary[];
      /** rules §16 over the whole draft, as `make import` prints it. */
      withoutFigures: ScoresWithoutFigures[];
      timings: { validateMs: number; stageMs: number };
    };

export interface Published {
  versionId: number;
  summary: ImportSummary;
  /** Accepted correction requests the draft carried: accepted now, their requesters mailed. */
  corrections: number;
  ms: number;
}

export interface StageOptions {
  /** Discard the draft there is, if any, instead of refusing. */
  replace: boolean;
  actor: DeskActor;
  /** An accepted correction merged into the draft (decision 0077); none for an uploaded file. */
  correction?: CorrectionStage;
}

/** How a correction's stage keeps its draft: in place of the one it was made from, on its base. */
export interface CorrectionStage {
  /** The draft the file was made from (null: there was none): refused if another is the draft now. */
  draft: number | null;
  /** The public version it was made on (the draft's base, kept): refused if it is not public now. */
  base: number;
  /**
   * Runs in the transaction that keeps the new draft, once the requests the replaced draft carried
   * ride in it: the request's own move to `staged` and its audit row commit with the draft.
   */
  keep(tx: Tx, versionId: number): Promise<void>;
}

export interface RolledBack {
  /** The version public again, and the one it replaced. */
  versionId: number;
  from: number;
  counts: Record<string, SectionCounts>;
  ms: number;
}

/** What applying the file in the rolled-back transaction showed. */
interface Preview {
  baseVersion: number;
  summary: ImportSummary;
  previews: IndustryPreview[];
  withoutFigures: ScoresWithoutFigures[];
}

/** Thrown to end the preview's transaction: Prisma rolls back a transaction whose work throws. */
const ROLL_BACK = Symbol('roll the preview back');

const unique = (values: Iterable<string>) => [...new Set(values)].sort();

/**
 * The editors' desk (decision 0077): a file becomes a draft with its preview, a draft becomes the
 * public data, and the public data goes back to the version before, each in one transaction and
 * announced after it commits. The service runs these as jobs; `make import` runs them directly.
 */
export class DataDesk {
  private readonly repository: DeskRepository;
  private readonly corrections: StagedCorrections;

  constructor(
    private readonly db: PrismaClient,
    private readonly announcer: Announcer | null,
  ) {
    this.repository = new DeskRepository(db);
    this.corrections = new StagedCorrections(db);
  }

  /** Refuses a stage that would meet a draft it may not replace. */
  async checkStage(replace: boolean): Promise<void> {
    const draft = await this.repository.draft();
    if (draft !== null && !replace) {
      throw new DeskRefusal('conflict', DESK_TEXTS.draftExists(draft.version_id), 'replace');
    }
  }

  /** Refuses a publish of anything but the draft, or of a draft staged on another public version. */
  async checkPublish(versionId: number): Promise<void> {
    await this.publishable(this.db, versionId);
  }

  async checkRollback(): Promise<void> {
    if ((await this.repository.rollbackTarget()) === null) {
      throw new DeskRefusal('not_found', DESK_TEXTS.nothingToRollBack);
    }
  }

  /**
   * Validates the file (every problem by row and field; nothing is staged while there is one),
   * applies it in a transaction that is rolled back to compute the preview, then keeps the draft:
   * its validated file, its preview and the audit row, in one transaction. The correction
   * requests a replaced draft carried return to the admins' queue — or, for a correction's stage,
   * ride in the new draft.
   */
  async stage(
    bytes: Buffer,
    options: StageOptions,
    progress: ProgressReporter,
  ): Promise<StageOutcome> {
    const started = performance.now();
    progress('validating', 0, 1);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    let input: unknown;
    try {
      input = JSON.parse(bytes.toString('utf8'));
    } catch (error) {
      const problem = {
        path: FILE_PATH,
        message: `is not valid JSON: ${(error as Error).message}`,
      };
      return { ok: false, problems: [problem], problemCount: 1 };
    }
    const validation = validateImportFile(input, await this.repository.knownKeys());
    if (!validation.ok) {
      return {
        ok: false,
        problems: validation.errors.slice(0, DESK_PROBLEMS_SHOWN),
        problemCount: validation.errors.length,
      };
    }
    // The parsed input is as large again as the validated file: let it go before the long part.
    input = undefined;
    progress('validating', 1, 1);
    const validated = performance.now();
    // Before the long part: a draft that may not be replaced refuses the stage now.
    await this.checkStage(options.replace);
    const file = validation.file;
    const preview = await this.preview(file, progress);
    progress('keeping the draft', 0, 1);
    // The fastest level: a draft's file is kept only until it is published or discarded.
    const fileGz = await gzip(JSON.stringify(file), { level: 1 });
    const previews = preview.previews.map((one) => ({ preview: one, summary: summaryOf(one) }));
    const { correction } = options;
    const versionId = await this.repository.transaction(async (tx) => {
      const base = await this.repository.publicVersion(tx, true);
      if (
        base.version_id !== preview.baseVersion ||
        (correction !== undefined && correction.base !== base.version_id)
      ) {
        throw new DeskRefusal('conflict', DESK_TEXTS.baseMoved);
      }
      const draft = await this.repository.draft(tx, true);
      if (correction !== undefined && (draft?.version_id ?? null) !== correction.draft) {
        throw new DeskRefusal('conflict', DESK_TEXTS.draftChanged);
      }
      if (draft !== null) {
        if (!options.replace) {
          throw new DeskRefusal('conflict', DESK_TEXTS.draftExists(draft.version_id), 'replace');
        }
        await this.discardIn(tx, draft, options.actor);
      }
      const id = await this.repository.insertDraft(tx, {
        baseVersion: base.version_id,
        sha256,
        fileGz,
        counts: preview.summary.sections,
        stagedBy: options.actor.name,
      });
      await this.repository.insertPreviews(tx, id, previews);
      await this.repository.audit(tx, {
        actor: options.actor,
        action: 'stage',
        versionId: id,
        sha256,
        counts: preview.summary.sections,
      });
      if (draft !== null) {
        // A correction's file is the replaced draft's plus its row: the requests that draft
        // carried ride on. An uploaded file does not carry them: they are open again.
        if (correction !== undefined) await this.corrections.move(tx, draft.version_id, id);
        else await this.corrections.reopen(tx, draft.version_id);
      }
      await correction?.keep(tx, id);
      return id;
    }, IMPORT_TRANSACTION);
    progress('keeping the draft', 1, 1);
    return {
      ok: true,
      versionId,
      baseVersion: preview.baseVersion,
      summary: preview.summary,
      previews: preview.previews,
      industries: previews.map((one) => one.summary),
      withoutFigures: preview.withoutFigures,
      timings: { validateMs: validated - started, stageMs: performance.now() - validated },
    };
  }

  /**
   * Stages an accepted correction (decision 0077): the draft's file with the corrected score row
   * upserted (or that row alone when there is no draft) is staged in place of the draft, on the
   * draft's base; `keep` runs in the transaction that keeps it. Refused while a desk job runs,
   * when the draft's base is no longer public (it could not be published), and when another
   * stage replaced the draft meanwhile. Staging the merged file takes as long as staging the
   * draft did (about 35 s for 50,000 companies). Returns the new draft's version.
   */
  async stageCorrection(
    correction: ScoreCorrection,
    actor: DeskActor,
    keep: CorrectionStage['keep'],
  ): Promise<number> {
    const running = await this.repository.runningJob();
    if (running !== null && toDeskJob(running).state === 'running') {
      throw new DeskRefusal('conflict', DESK_TEXTS.jobRunning);
    }
    const [base, draft] = await Promise.all([
      this.repository.publicVersion(),
      this.repository.draft(),
    ]);
    if (draft !== null && draft.base_version !== base.version_id) {
      throw new DeskRefusal('conflict', DESK_TEXTS.baseMoved);
    }
    const staged = await this.stage(
      await this.correctedFile(draft, correction),
      {
        replace: true,
        actor,
        correction: { draft: draft?.version_id ?? null, base: base.version_id, keep },
      },
      () => undefined,
    );
    if (!staged.ok) {
      // The draft's file was valid and the row comes from the public data: not the admin's doing.
      const shown = staged.problems.slice(0, 3).map((one) => `${one.path} ${one.message}`);
      throw new Error(`the draft with the correction has problems: ${shown.join('; ')}`);
    }
    return staged.versionId;
  }

  /** The bytes a correction stages: the draft's file (if any) with the corrected score row. */
  private async correctedFile(
    draft: VersionRow | null,
    correction: ScoreCorrection,
  ): Promise<Buffer> {
    let file: DataSet.ImportFile | null = null;
    if (draft !== null) {
      const fileGz = await this.repository.draftFile(draft.version_id);
      if (fileGz === null) throw new DeskRefusal('conflict', DESK_TEXTS.draftChanged);
      file = JSON.parse((await gunzip(fileGz)).toString('utf8')) as DataSet.ImportFile;
    }
    return Buffer.from(JSON.stringify(withCorrectedScore(file, correction)));
  }

  /**
   * Makes the draft the public data in one transaction (decision 0077 §3): the public version's
   * row locked, the draft checked against it, the data tables copied into kept_*, the draft's
   * file applied with the importer's writer, the versions switched, the audit row written, and
   * the correction requests the draft carries accepted with their mails queued. Announced after
   * the commit, rank alerts and the ledgers included.
   */
  async publish(
    versionId: number,
    actor: DeskActor,
    progress: ProgressReporter,
  ): Promise<Published> {
    const started = performance.now();
    progress('reading the draft', 0, 1);
    const fileGz = await this.repository.draftFile(versionId);
    if (fileGz === null) {
      await this.publishable(this.db, versionId);
      throw new DeskRefusal('conflict', DESK_TEXTS.noDraft);
    }
    // Validated when it was staged, on the same public version (checked below).
    const file = JSON.parse((await gunzip(fileGz)).toString('utf8')) as DataSet.ImportFile;
    progress('reading the draft', 1, 1);
    const { summary, corrections } = await this.repository.transaction(async (tx) => {
      const { base, draft } = await this.publishable(tx, versionId, true);
      await snapshotData(tx, base.version_id, progress);
      const summary = await applyImport(tx, file, applying(progress));
      await this.repository.publishDraft(tx, versionId, base.version_id, actor.name);
      await this.dropOldSnapshots(tx);
      await this.repository.audit(tx, {
        actor,
        action: 'publish',
        versionId,
        sha256: draft.file_sha256,
        counts: summary.sections,
      });
      // Last, so that nothing after the mails can fail the publish (their job ids are stable:
      // a publish tried again never mails twice).
      const mails = await this.corrections.accept(tx, versionId);
      if (mails.length > 0) {
        if (this.announcer === null) {
          throw new DeskRefusal('conflict', DESK_TEXTS.correctionsNeedMail);
        }
        await queueResolutionMails(this.announcer.queue, mails);
      }
      return { summary, corrections: mails.length };
    }, IMPORT_TRANSACTION);
    progress('announcing', 0, 1);
    await announcePublicChange(this.db, this.announcer, {
      industries: summary.changedIndustries,
      reindex: changedRows(summary.sections),
      alerts: true,
      ledgers: corrections > 0,
    });
    progress('announcing', 1, 1);
    return { versionId, summary, corrections, ms: performance.now() - started };
  }

  /**
   * Makes the version retired last public again (decision 0077 §3): the public data is kept as a
   * snapshot first, then the data tables become exactly the kept rows (every column, updated_at
   * included), so every answer is the same bytes as before that publish. Every industry of both
   * versions is announced; nobody is alerted (decision 0077 §5).
   */
  async rollback(actor: DeskActor, progress: ProgressReporter): Promise<RolledBack> {
    const started = performance.now();
    const outcome = await this.repository.transaction(async (tx) => {
      const base = await this.repository.publicVersion(tx, true);
      const target = await this.repository.rollbackTarget(tx, true);
      if (target === null) throw new DeskRefusal('not_found', DESK_TEXTS.nothingToRollBack);
      const industries = await this.industriesOfBoth(tx, target.version_id);
      await snapshotData(tx, base.version_id, progress);
      const counts = await restoreKept(tx, target.version_id, progress);
      await dropSnapshot(tx, target.version_id);
      await this.repository.restoreVersion(tx, target.version_id, base.version_id, actor.name);
      await this.dropOldSnapshots(tx);
      await this.repository.audit(tx, {
        actor,
        action: 'rollback',
        versionId: target.version_id,
        sha256: target.file_sha256,
        counts,
      });
      return { versionId: target.version_id, from: base.version_id, counts, industries };
    }, IMPORT_TRANSACTION);
    progress('announcing', 0, 1);
    await announcePublicChange(this.db, this.announcer, {
      industries: outcome.industries,
      reindex: changedRows(outcome.counts),
      alerts: false,
      ledgers: false,
    });
    progress('announcing', 1, 1);
    const { industries: _industries, ...rolledBack } = outcome;
    return { ...rolledBack, ms: performance.now() - started };
  }

  /**
   * Discards the draft, if there is one; logged. The correction requests it carried are open
   * again, back in the admins' queue (decision 0077).
   */
  async discard(actor: DeskActor): Promise<boolean> {
    return this.repository.transaction(async (tx) => {
      const draft = await this.repository.draft(tx, true);
      if (draft === null) return false;
      await this.discardIn(tx, draft, actor);
      await this.corrections.reopen(tx, draft.version_id);
      return true;
    });
  }

  private async discardIn(tx: Tx, draft: VersionRow, actor: DeskActor): Promise<void> {
    await this.repository.discard(tx, draft.version_id);
    await this.repository.audit(tx, {
      actor,
      action: 'discard',
      versionId: draft.version_id,
      sha256: draft.file_sha256,
      counts: draft.counts,
    });
  }

  /** The draft `versionId` and the public version it was staged on, or the refusal. */
  private async publishable(
    db: Tx,
    versionId: number,
    lock = false,
  ): Promise<{ base: VersionRow; draft: VersionRow }> {
    // The public row first, as every step that locks both does: none waits for another's lock.
    const base = await this.repository.publicVersion(db, lock);
    const draft = await this.repository.draft(db, lock);
    if (draft === null) throw new DeskRefusal('not_found', DESK_TEXTS.noDraft, 'version_id');
    if (draft.version_id !== versionId) {
      throw new DeskRefusal(
        'conflict',
        DESK_TEXTS.notTheDraft(versionId, draft.version_id),
        'version_id',
      );
    }
    if (draft.base_version !== base.version_id) {
      throw new DeskRefusal('conflict', DESK_TEXTS.baseMoved);
    }
    return { base, draft };
  }

  /** Only the newest retired snapshots are kept (decision 0077 §1). */
  private async dropOldSnapshots(tx: Tx): Promise<void> {
    for (const versionId of await this.repository.snapshotsToDrop(tx)) {
      await dropSnapshot(tx, versionId);
    }
  }

  private async industriesOfBoth(tx: Tx, keptVersion: number): Promise<string[]> {
    const rows = await tx.$queryRaw<Array<{ industry: string }>>`
      SELECT industry FROM rankings.industries
       UNION SELECT industry FROM rankings.kept_industries WHERE version_id = ${keptVersion}::bigint`;
    return unique(rows.map((row) => row.industry));
  }

  /**
   * Decision 0077 §2: the file applied by the importer's writer in a transaction that is rolled
   * back, each industry it changes read before and after with the site's repository and engine.
   * What is read before is every industry the file could change: those it lists, those its
   * companies list, and those its companies are listed in now.
   */
  private async preview(file: DataSet.ImportFile, progress: ProgressReporter): Promise<Preview> {
    let preview: Preview | undefined;
    try {
      await this.repository.transaction(async (tx) => {
        const base = await this.repository.publicVersion(tx);
        const companies = unique([
          ...file.companies.map((company) => company.upright_cid),
          ...file.scores.map((score) => score.upright_cid),
          ...Object.values(file.details).flatMap((rows) => rows.map((row) => row.upright_cid)),
        ]);
        const candidates = unique([
          ...file.industries.map((industry) => industry.industry),
          ...file.companies.flatMap((company) => company.industries),
          ...(await this.repository.industriesOfCompanies(tx, companies)),
        ]);
        const before = await this.sides(tx, candidates, 'reading the public rankings', progress);
        const summary = await applyImport(tx, file, applying(progress));
        const changed = unique(summary.changedIndustries);
        const after = await this.sides(tx, changed, 'reading the draft rankings', progress);
        const alerted = await this.repository.alertedPeriods(tx);
        const previews: IndustryPreview[] = [];
        for (const [index, industry] of changed.entries()) {
          const now = after.get(industry)!;
          const then = before.get(industry) ?? emptySide(now.industry_text);
          const draft = draftScores(then, now);
          const figures =
            now.period === null
              ? new Map<string, Set<string>>()
              : await this.repository.figuresAt(tx, [...draft.keys()], now.period);
          previews.push(
            industryPreview(industry, then, now, {
              alertsFollowers:
                now.period !== null &&
                newPeriods(new Map([[industry, now.period]]), alerted).alert.length > 0,
              withoutFigures: scoresWithoutFigures(draft, figures),
            }),
          );
          progress('comparing', index + 1, changed.length);
        }
        const withoutFigures =
          await tx.$queryRawUnsafe<ScoresWithoutFigures[]>(scoresWithoutFiguresSql());
        preview = { baseVersion: base.version_id, summary, previews, withoutFigures };
        throw ROLL_BACK;
      }, IMPORT_TRANSACTION);
    } catch (error) {
      if (error !== ROLL_BACK) throw error;
    }
    return preview!;
  }

  /** Each industry that exists, as the site ranks it at its latest period. */
  private async sides(
    tx: Tx,
    industries: readonly string[],
    phase: string,
    progress: ProgressReporter,
  ): Promise<Map<string, IndustrySide>> {
    const companies = new CompaniesRepository(tx);
    const naming = await this.repository.industries(tx, industries);
    const sides = new Map<string, IndustrySide>();
    progress(phase, 0, industries.length);
    for (const [index, industry] of industries.entries()) {
      const named = naming.get(industry);
      if (named !== undefined) {
        const applicable = applicableIssues(named.values);
        const period = await companies.latestPeriod(industry, 'listed');
        const set =
          period === null
            ? null
            : rankedSetOf(
                period,
                await companies.membersAt(industry, 'listed', period),
                applicable,
              );
        sides.set(industry, sideOf(named.text, applicable, set));
      }
      progress(phase, index + 1, industries.length);
    }
    return sides;
  }
}

/** The importer's sections as phases of a job. */
function applying(progress: ProgressReporter): ProgressReporter {
  return (section, done, total) => progress(`applying ${section}`, done, total);
}

function changedRows(sections: Record<string, SectionCounts>): boolean {
  return Object.values(sections).some(
    (changes) => changes.inserted + changes.updated + changes.removed > 0,
  );
}
