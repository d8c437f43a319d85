/**
 * `make import FILE=path.json` — validates the whole data set first (every bad row listed,
 * nothing written if any), then writes it in one transaction and prints what changed.
 * Exit codes: 0 imported, 1 the file has errors, 2 the import could not run.
 */
import 'reflect-metadata';
import {
  commonConfigSchema,
  createPgAdapter,
  postgresUrl,
  printProblems,
  queueConfigSchema,
  redisUrl,
  runCli,
  startDataSetImport,
  transportTrust,
} from '@upright/platform';
import { RedisStreamsClient } from '@upright/transport';
import { z } from 'zod';
import { PrismaClient } from '../generated/prisma/client';
import { validateImportFile } from '../import-file';
import {
  announceDataChange,
  CACHE_ENTRY_TTL_MS,
  type DataVersionRedis,
} from '../rankings-cache/data-version';
import { queueRankAlerts } from '../rank-alerts/rank-alerts.queue';
import { pushToSearchIndex } from '../search-documents/search-index.queue';
import { writeImport, type ImportSummary } from './import-writer';
import { stderrProgress } from './progress';
import {
  scoresWithoutFiguresReport,
  scoresWithoutFiguresSql,
  type ScoresWithoutFigures,
} from './scores-without-figures';

const cliEnvSchema = commonConfigSchema
  .pick({ TRANSPORT_PREFIX: true, TRANSPORT_KEYS: true, NODE_ENV: true })
  .extend(queueConfigSchema.shape)
  .extend({
    DATABASE_URL: postgresUrl,
    /** Without it the change is neither announced nor queued for search indexing. */
    REDIS_URL: redisUrl.optional(),
  });

async function knownKeys(db: PrismaClient) {
  const [industries, companies] = await Promise.all([
    db.industry.findMany({ select: { industry: true } }),
    db.company.findMany({ select: { uprightCid: true } }),
  ]);
  return {
    knownIndustries: new Set(industries.map((row) => row.industry)),
    knownCompanies: new Set(companies.map((row) => row.uprightCid)),
  };
}

function printSummary(summary: ImportSummary): void {
  console.log('\nImported:');
  for (const [section, changes] of Object.entries(summary.sections)) {
    const removed = changes.removed ? `, ${changes.removed} removed` : '';
    console.log(
      `  ${section.padEnd(20)} ${changes.inserted} new, ${changes.updated} changed, ${changes.unchanged} unchanged${removed}`,
    );
  }
  if (summary.reportsNotImported > 0) {
    console.log(
      `  reports              ${summary.reportsNotImported} report rows validated; the reports service stores them`,
    );
  }
  console.log(
    summary.changedIndustries.length === 0
      ? 'Nothing changed.'
      : `Rankings change in ${summary.changedIndustries.length} industries.`,
  );
}

/** rules §16: a rank is shown with its figure, or pages say there is none; the import says how often. */
async function reportScoresWithoutFigures(db: PrismaClient): Promise<void> {
  const rows = await db.$queryRawUnsafe<ScoresWithoutFigures[]>(scoresWithoutFiguresSql());
  for (const line of scoresWithoutFiguresReport(rows)) console.log(line);
}

/**
 * Tells running replicas the data changed; the data is already committed. Every rankings replica
 * reads the industries' data versions, and every BFF replica hears of the public `data` version
 * (decision 0011), so moving both versions is the whole announcement.
 */
async function announce(env: z.infer<typeof cliEnvSchema>, industries: string[]): Promise<void> {
  if (!env.REDIS_URL || industries.length === 0) return;
  const client = new RedisStreamsClient({
    redisUrl: env.REDIS_URL,
    keyPrefix: env.TRANSPORT_PREFIX,
    // The import writes rankings' keys, so it connects as rankings.
    trust: transportTrust('rankings', env),
  });
  try {
    await client.connect();
    const { command } = client.unwrap<{ command: DataVersionRedis }>();
    await announceDataChange(command, env.TRANSPORT_PREFIX, industries);
  } catch (error) {
    const minutes = CACHE_ENTRY_TTL_MS / 60_000;
    console.warn(
      `warning: could not announce the change (${(error as Error).message}); running rankings replicas show it within ${minutes} minutes`,
    );
  } finally {
    await client.close();
  }
}

/** Queues the search documents (docs/product/rules.md#s7: an import re-indexes search). */
async function indexForSearch(
  env: z.infer<typeof cliEnvSchema>,
  db: PrismaClient,
  summary: ImportSummary,
): Promise<void> {
  const changed = Object.values(summary.sections).some(
    (changes) => changes.inserted + changes.updated + changes.removed > 0,
  );
  if (!env.REDIS_URL || !changed) return;
  try {
    const pushed = await pushToSearchIndex(db, {
      REDIS_URL: env.REDIS_URL,
      QUEUE_PREFIX: env.QUEUE_PREFIX,
    });
    console.log(`Queued ${pushed} search documents for indexing.`);
  } catch (error) {
    console.warn(
      `warning: could not queue the search documents (${(error as Error).message}); run make reindex`,
    );
  }
}

/**
 * Queues the alerts of industries whose latest period is new. Runs after every
 * import, changed or not: one that died before this step is healed by the next.
 */
async function alertFollowers(env: z.infer<typeof cliEnvSchema>, db: PrismaClient): Promise<void> {
  if (!env.REDIS_URL) return;
  try {
    const jobs = await queueRankAlerts(db, {
      REDIS_URL: env.REDIS_URL,
      QUEUE_PREFIX: env.QUEUE_PREFIX,
    });
    for (const job of jobs) {
      const companies = job.industries.reduce((sum, industry) => sum + industry.moves.length, 0);
      console.log(
        `Queued rank alerts for ${job.period.period_year} Q${job.period.period_qrt}: ${companies} moves in ${job.industries.length} industries.`,
      );
    }
  } catch (error) {
    console.warn(
      `warning: could not queue the rank alerts (${(error as Error).message}); the next import queues them`,
    );
  }
}

async function main(argv: string[]): Promise<number> {
  const { file, config: env, input } = await startDataSetImport(argv, cliEnvSchema);
  const db = new PrismaClient({
    adapter: createPgAdapter({ DATABASE_URL: env.DATABASE_URL, DATABASE_POOL_SIZE: 2 }),
  });
  try {
    const validation = validateImportFile(input, await knownKeys(db));
    if (!validation.ok) {
      printProblems(
        `${file}: ${validation.errors.length} problem(s); nothing was written.`,
        validation.errors,
      );
      return 1;
    }
    const summary = await writeImport(db, validation.file, stderrProgress());
    printSummary(summary);
    await reportScoresWithoutFigures(db);
    await announce(env, summary.changedIndustries);
    await indexForSearch(env, db, summary);
    await alertFollowers(env, db);
    return 0;
  } finally {
    await db.$disconnect();
  }
}

void runCli('import', () => main(process.argv.slice(2)));
