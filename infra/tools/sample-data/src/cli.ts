/**
 * Writes a generated data set file.
 *
 *   npx tsx infra/tools/sample-data/src/cli.ts --companies 300 --out services/rankings/data/sample.json
 *   npx tsx infra/tools/sample-data/src/cli.ts --companies 50000 --out .local/sample-large-50000.json
 *
 * Options: --companies N (required), --out PATH (required), --industries N, --quarters N,
 * --seed N, --reports N, --detail-companies N (default: all up to 2,000 companies, else 5,000),
 * --layout pretty|compact (default: pretty up to 2,000 companies, else compact).
 * Large sets are benchmark data: write them outside the repository or under the git-ignored
 * .local/ or bench/results/ (`make sample-large N=50000`), never commit them.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { planDataSet, type GenerateOptions } from './generate';
import { writeDataSet, type JsonLayout } from './write';

const LARGE = 2000;

function usage(problem: string): never {
  console.error(`${problem}
usage: cli.ts --companies N --out PATH [--industries N] [--quarters N] [--seed N] [--reports N]
              [--detail-companies N] [--layout pretty|compact]`);
  process.exit(2);
}

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) usage(`--${name} must be a whole number`);
  return Number(value);
}

function parse() {
  try {
    return parseArgs({
      options: {
        companies: { type: 'string' },
        out: { type: 'string' },
        industries: { type: 'string' },
        quarters: { type: 'string' },
        seed: { type: 'string' },
        reports: { type: 'string' },
        'detail-companies': { type: 'string' },
        layout: { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (error) {
    return usage((error as Error).message);
  }
}

/** Inside the working directory and not under a git-ignored data folder (.local/, bench/results/). */
function insideRepositoryTree(file: string): boolean {
  const relative = path.relative(process.cwd(), file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return false;
  const parts = relative.split(path.sep);
  return !(parts[0] === '.local' || (parts[0] === 'bench' && parts[1] === 'results'));
}

async function main(): Promise<void> {
  const values = parse();
  const companies = integer('companies', values.companies);
  if (!companies) usage('--companies is required (at least 1)');
  if (!values.out) usage('--out is required');
  const layout = (values.layout ?? (companies > LARGE ? 'compact' : 'pretty')) as JsonLayout;
  if (layout !== 'pretty' && layout !== 'compact') usage('--layout must be pretty or compact');

  const options: GenerateOptions = {
    companies,
    industries: integer('industries', values.industries),
    quarters: integer('quarters', values.quarters),
    seed: integer('seed', values.seed),
    reports: integer('reports', values.reports),
    detailCompanies:
      integer('detail-companies', values['detail-companies']) ??
      (companies > LARGE ? 5000 : undefined),
  };

  const started = Date.now();
  const out = path.resolve(values.out);
  const temporary = `${out}.${process.pid}.tmp`;
  await mkdir(path.dirname(out), { recursive: true });
  const stream = createWriteStream(temporary);
  try {
    const parts = planDataSet(options);
    const stats = await writeDataSet(
      parts,
      async (chunk) => {
        if (!stream.write(chunk)) await once(stream, 'drain');
      },
      layout,
    );
    stream.end();
    await once(stream, 'finish');
    await rename(temporary, out);

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const megabytes = (stream.bytesWritten / 1e6).toFixed(2);
    const counts = Object.entries(stats.rows)
      .map(([section, count]) => `${section} ${count}`)
      .join(', ');
    process.stdout.write(`wrote ${out} (${megabytes} MB, ${layout}) in ${seconds} s\n${counts}\n`);
    if (companies > LARGE && insideRepositoryTree(out)) {
      console.warn('note: large sets are benchmark data and must not be committed');
    }
  } catch (error) {
    stream.destroy();
    await rm(temporary, { force: true });
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
