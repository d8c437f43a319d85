/**
 * `make import FILE=path.json` — stages the data set through the editors' desk (decision 0077):
 * validates the whole file (every bad row listed, nothing staged if any), applies it in a
 * transaction that is rolled back to preview it, and leaves it as the draft; prints what it would
 * change. `PUBLISH=1` (`--publish`) publishes it at once; `REPLACE=1` (`--replace`) replaces a
 * draft there is. Exit codes: 0 staged (and published), 1 the file has errors, 2 it could not run.
 */
import 'reflect-metadata';
import { readFile, stat } from 'node:fs/promises';
import {
  CliError,
  commonConfigSchema,
  createPgAdapter,
  loadConfig,
  MAX_DATA_SET_BYTES,
  postgresUrl,
  printProblems,
  queueConfigSchema,
  redisUrl,
  runCli,
  transportTrust,
} from '@upright/platform';
import { RedisStreamsClient } from '@upright/transport';
import { z } from 'zod';
import type { Announcer } from '../data-desk/announce';
import { DataDesk, type StageOutcome } from '../data-desk/data-desk';
import type { DeskActor } from '../data-desk/desk.repository';
import { DeskRefusal } from '../data-desk/refusal';
import { PrismaClient } from '../generated/prisma/client';
import type { DataVersionRedis } from '../rankings-cache/data-version';
import type { ImportSummary } from './import-writer';
import { stderrProgress } from './progress';
import { scoresWithoutFiguresReport } from './scores-without-figures';

const cliEnvSchema = commonConfigSchema
  .pick({ TRANSPORT_PREFIX: true, TRANSPORT_KEYS: true, NODE_ENV: true })
  .extend(queueConfigSchema.shape)
  .extend({
    DATABASE_URL: postgresUrl,
    /** Without it the change is neither announced nor queued for search indexing. */
    REDIS_URL: redisUrl.optional(),
  });
type CliEnv = z.infer<typeof cliEnvSchema>;

const USAGE = 'usage: make import FILE=path/to/data-set.json [PUBLISH=1] [REPLACE=1]';
const CLI: DeskActor = { name: 'cli', kind: 'cli' };
/** Moves listed per industry; the desk's page lists them all. */
const MOVES_SHOWN = 5;

function parseArguments(argv: readonly string[]) {
  const flags = argv.filter((arg) => arg.startsWith('--'));
  const files = argv.filter((arg) => !arg.startsWith('--'));
  const unknown = flags.filter((flag) => flag !== '--publish' && flag !== '--replace');
  if (files.length !== 1 || unknown.length > 0) throw new CliError(USAGE);
  return {
    file: files[0]!,
    publish: flags.includes('--publish'),
    replace: flags.includes('--replace'),
  };
}

/** The file's bytes: the desk keeps their hash and parses them itself. */
async function readDataSet(file: string): Promise<Buffer> {
  const info = await stat(file).catch(() => {
    throw new CliError(`cannot read ${file}: no such file`);
  });
  if (info.size > MAX_DATA_SET_BYTES) {
    throw new CliError(`${file} is larger than ${MAX_DATA_SET_BYTES / 1024 ** 3} GiB; split it`);
  }
  return readFile(file);
}

/** Redis is connected for the announcement only, as rankings (it moves rankings' keys). */
function announcer(env: CliEnv): Announcer | null {
  const redisUrl = env.REDIS_URL;
  if (redisUrl === undefined) return null;
  return {
    transportPrefix: env.TRANSPORT_PREFIX,
    queue: { REDIS_URL: redisUrl, QUEUE_PREFIX: env.QUEUE_PREFIX },
    async withRedis(use) {
      const client = new RedisStreamsClient({
        redisUrl,
        keyPrefix: env.TRANSPORT_PREFIX,
        trust: transportTrust('rankings', env),
      });
      try {
        await client.connect();
        await use(client.unwrap<{ command: DataVersionRedis }>().command);
      } finally {
        await client.close();
      }
    },
    info: (line) => console.log(line),
    warn: (line) => console.warn(`warning: ${line}`),
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function printSummary(summary: ImportSummary): void {
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

/** The preview's summary: per industry who enters, leaves and moves, and the largest moves. */
function printPreview(staged: Extract<StageOutcome, { ok: true }>): void {
  for (const preview of staged.previews) {
    const alerts = preview.alerts_followers ? ', alerts its followers' : '';
    console.log(
      `  ${preview.industry.padEnd(28)} ${preview.added.length} added, ${preview.removed.length} removed, ${preview.moves.length} moved${alerts}`,
    );
    for (const move of preview.moves.slice(0, MOVES_SHOWN)) {
      console.log(`      ${move.company_name}: #${move.before} → #${move.after}`);
    }
    if (preview.moves.length > MOVES_SHOWN) {
      console.log(`      … and ${preview.moves.length - MOVES_SHOWN} more moves`);
    }
  }
}

async function main(argv: string[]): Promise<number> {
  const { file, publish, replace } = parseArguments(argv);
  const env = loadConfig(cliEnvSchema);
  const bytes = await readDataSet(file);
  const db = new PrismaClient({
    adapter: createPgAdapter({ DATABASE_URL: env.DATABASE_URL, DATABASE_POOL_SIZE: 2 }),
  });
  const desk = new DataDesk(db, announcer(env));
  try {
    const staged = await desk.stage(bytes, { replace, actor: CLI }, stderrProgress());
    if (!staged.ok) {
      printProblems(
        `${file}: ${staged.problemCount} problem(s); nothing was written.`,
        staged.problems,
      );
      return 1;
    }
    console.log(
      `\nStaged as version ${staged.versionId} (on public version ${staged.baseVersion}):`,
    );
    printSummary(staged.summary);
    printPreview(staged);
    for (const line of scoresWithoutFiguresReport(staged.withoutFigures)) console.log(line);
    const { validateMs, stageMs } = staged.timings;
    console.log(
      `Validated in ${seconds(validateMs)}; staged with its preview in ${seconds(stageMs)}.`,
    );
    if (!publish) {
      console.log(
        `Version ${staged.versionId} is the draft: review and publish it at /admin/data.`,
      );
      return 0;
    }
    const published = await desk.publish(staged.versionId, CLI, stderrProgress());
    console.log(`Published version ${published.versionId} in ${seconds(published.ms)}.`);
    return 0;
  } catch (error) {
    if (error instanceof DeskRefusal) throw new CliError(error.message);
    throw error;
  } finally {
    await db.$disconnect();
  }
}

void runCli('import', () => main(process.argv.slice(2)));
