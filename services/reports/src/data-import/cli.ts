/**
 * The reports part of `make import FILE=path.json` (after rankings has imported and checked the
 * rest of the file): validates the `reports` and `report_sources` sections (every bad row listed,
 * nothing written if any), writes what differs in one transaction, prints what changed, then
 * queues the reports' search documents. Exit codes: 0 imported, 1 the file has errors, 2 the
 * import could not run.
 */
import 'reflect-metadata';
import { searchIndexJobs } from '@upright/contracts';
import {
  bumpPublicVersions,
  commonConfigSchema,
  createPgAdapter,
  postgresUrl,
  printProblems,
  queueConfigSchema,
  QueueProducer,
  redisUrl,
  runCli,
  startDataSetImport,
} from '@upright/platform';
import Redis from 'ioredis';
import { z } from 'zod';
import { PrismaClient } from '../generated/prisma/client';
import { toSearchDocument } from '../reports/report-view';
import { ReportSearchIndex } from '../search-index/search-index.queue';
import { changesIn } from './import-plan';
import { loadStored, writeImport } from './import-writer';
import { validateReportSections, type ReportRow } from './validate-reports';

const cliEnvSchema = z
  .object({
    DATABASE_URL: postgresUrl,
    /** Without it the search documents are not queued (a warning says so). */
    REDIS_URL: redisUrl.optional(),
    TRANSPORT_PREFIX: commonConfigSchema.shape.TRANSPORT_PREFIX,
  })
  .extend(queueConfigSchema.shape);

async function main(argv: string[]): Promise<number> {
  const { file, config: env, input } = await startDataSetImport(argv, cliEnvSchema);
  const db = new PrismaClient({
    adapter: createPgAdapter({ DATABASE_URL: env.DATABASE_URL, DATABASE_POOL_SIZE: 2 }),
  });
  try {
    const stored = await loadStored(db);
    const validation = validateReportSections(input, stored.constraints);
    if (!validation.ok) {
      printProblems(
        `${file}: ${validation.errors.length} problem(s) in reports; nothing was written.`,
        validation.errors,
      );
      return 1;
    }
    const plan = await writeImport(db, validation.sections, stored);
    console.log('\nImported reports:');
    console.log(
      `  reports              ${plan.insertReports.length} new, ${plan.updateReports.length} changed, ${plan.unchangedReports} unchanged`,
    );
    console.log(
      `  report_sources       ${plan.insertSources.length} new, ${plan.updateSources.length} changed, ${plan.unchangedSources} unchanged`,
    );
    console.log(changesIn(plan) === 0 ? 'Nothing changed.' : 'Reports changed.');
    if (changesIn(plan) > 0) await announceChange(env);
    await queueSearchDocuments(env, validation.sections.reports);
    return 0;
  } finally {
    await db.$disconnect();
  }
}

/**
 * Running BFF replicas stop serving report answers made before the import
 * (docs/product/rules.md#s11).
 */
async function announceChange(env: z.infer<typeof cliEnvSchema>): Promise<void> {
  if (!env.REDIS_URL) return;
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    await bumpPublicVersions(redis, env.TRANSPORT_PREFIX, ['data']);
  } catch (error) {
    console.warn(
      `warning: could not announce the change (${(error as Error).message}); pages show it once their kept answers are replaced`,
    );
  } finally {
    redis.disconnect();
  }
}

/**
 * Every report of the file, changed or not, so a search index that lost them gets them back;
 * job ids come from the content, so an unchanged re-import adds no job.
 */
async function queueSearchDocuments(
  env: z.infer<typeof cliEnvSchema>,
  reports: ReportRow[],
): Promise<void> {
  if (reports.length === 0) return;
  if (!env.REDIS_URL) {
    console.warn('warning: REDIS_URL is not set; reports were not queued for search indexing');
    return;
  }
  const documents = reports.map((row) =>
    toSearchDocument({
      reportId: row.report_id,
      title: row.title,
      slug: row.slug,
      publishedDate: new Date(`${row.published_date}T00:00:00Z`),
      industry: row.industry,
      archived: row.archived,
    }),
  );
  const producer = new QueueProducer(searchIndexJobs, {
    REDIS_URL: env.REDIS_URL,
    QUEUE_PREFIX: env.QUEUE_PREFIX,
  });
  try {
    const jobs = await new ReportSearchIndex(producer).upsert(documents);
    console.log(
      `Queued ${documents.length} report(s) for search indexing (${jobs.length} job(s)).`,
    );
  } finally {
    await producer.close();
  }
}

void runCli('import', () => main(process.argv.slice(2)));
