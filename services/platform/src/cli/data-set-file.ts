import { readFile, stat } from 'node:fs/promises';
import type { z } from 'zod';
import { loadConfig } from '../config/load-config';
import { CliError } from './run-cli';

/** Larger data sets are split: the whole file is parsed in memory. */
export const MAX_DATA_SET_BYTES = 1024 * 1024 * 1024;

/** Reads and parses a JSON data set named on a command line; a CliError says what is wrong. */
export async function readJsonFile(file: string, maxBytes = MAX_DATA_SET_BYTES): Promise<unknown> {
  const info = await stat(file).catch(() => {
    throw new CliError(`cannot read ${file}: no such file`);
  });
  if (info.size > maxBytes) {
    throw new CliError(`${file} is larger than ${formatBytes(maxBytes)}; split it`);
  }
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new CliError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/** What the importers of `make import` are given; both read the same file. */
export interface DataSetImportStart<Config> {
  file: string;
  config: Config;
  input: unknown;
}

/**
 * How every importer starts: the file named first on the command line (a usage line without
 * one), the tool's config checked before the file is read (a bad variable is told without
 * parsing a large file first), then the file parsed.
 */
export async function startDataSetImport<S extends z.ZodType>(
  argv: readonly string[],
  configSchema: S,
  env: NodeJS.ProcessEnv = process.env,
): Promise<DataSetImportStart<z.infer<S>>> {
  const file = argv[0];
  if (!file) throw new CliError('usage: make import FILE=path/to/data-set.json');
  const config = loadConfig(configSchema, env);
  return { file, config, input: await readJsonFile(file) };
}

function formatBytes(bytes: number): string {
  const gib = bytes / 1024 ** 3;
  return Number.isInteger(gib) ? `${gib} GiB` : `${bytes} bytes`;
}

/** A bad value of a data set, where it is (`companies[3].slug`) and what is wrong with it. */
export interface DataSetProblem {
  path: string;
  message: string;
}

/** Enough to fix a file in one go without flooding the terminal. */
export const MAX_PROBLEMS_SHOWN = 200;

/** Prints the heading and the problems on stderr, the first MAX_PROBLEMS_SHOWN of them. */
export function printProblems(
  heading: string,
  problems: readonly DataSetProblem[],
  print: (line: string) => void = (line) => console.error(line),
): void {
  print(heading);
  for (const problem of problems.slice(0, MAX_PROBLEMS_SHOWN)) {
    print(`  ${problem.path}: ${problem.message}`);
  }
  if (problems.length > MAX_PROBLEMS_SHOWN) {
    print(`  … and ${problems.length - MAX_PROBLEMS_SHOWN} more`);
  }
}
