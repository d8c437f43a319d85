import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from '../config/load-config';
import {
  MAX_PROBLEMS_SHOWN,
  printProblems,
  readJsonFile,
  startDataSetImport,
} from './data-set-file';
import { CliError } from './run-cli';

describe('readJsonFile', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'platform-cli-'));
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('parses a JSON file', async () => {
    const file = path.join(folder, 'good.json');
    await writeFile(file, '{"companies":[{"slug":"acme"}]}');
    await expect(readJsonFile(file)).resolves.toEqual({ companies: [{ slug: 'acme' }] });
  });

  it('says a file is missing', async () => {
    const file = path.join(folder, 'missing.json');
    await expect(readJsonFile(file)).rejects.toThrow(
      new CliError(`cannot read ${file}: no such file`),
    );
  });

  it('refuses a file over the size limit before reading it', async () => {
    const file = path.join(folder, 'large.json');
    await writeFile(file, '[1,2,3,4,5]');
    await expect(readJsonFile(file, 10)).rejects.toThrow(
      new CliError(`${file} is larger than 10 bytes; split it`),
    );
    await expect(readJsonFile(file, 11)).resolves.toEqual([1, 2, 3, 4, 5]);
  });

  it('says where a file is not valid JSON', async () => {
    const file = path.join(folder, 'broken.json');
    await writeFile(file, '{"companies": [}');
    const error = await readJsonFile(file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CliError);
    expect((error as Error).message).toMatch(new RegExp(`^${file} is not valid JSON: .+`));
  });
});

describe('startDataSetImport', () => {
  const schema = z.object({ DATABASE_URL: z.string().min(1) });
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'platform-import-'));
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('reads the named file with the config', async () => {
    const file = path.join(folder, 'data.json');
    await writeFile(file, '{"companies":[]}');
    await expect(
      startDataSetImport([file], schema, { DATABASE_URL: 'postgres://db/upright' }),
    ).resolves.toEqual({
      file,
      config: { DATABASE_URL: 'postgres://db/upright' },
      input: { companies: [] },
    });
  });

  it('tells the usage when no file is named', async () => {
    await expect(startDataSetImport([], schema, { DATABASE_URL: 'x' })).rejects.toThrow(
      new CliError('usage: make import FILE=path/to/data-set.json'),
    );
  });

  it('names a bad variable before reading the file', async () => {
    const missing = path.join(folder, 'missing.json');
    const error = await startDataSetImport([missing], schema, {}).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([expect.stringMatching(/^DATABASE_URL: /)]);
  });
});

describe('printProblems', () => {
  const problems = (count: number) =>
    Array.from({ length: count }, (_, n) => ({ path: `companies[${n}].slug`, message: 'bad' }));

  it('prints the heading and every problem with its path', () => {
    const lines: string[] = [];
    printProblems('data.json: 2 problem(s)', problems(2), (line) => lines.push(line));
    expect(lines).toEqual([
      'data.json: 2 problem(s)',
      '  companies[0].slug: bad',
      '  companies[1].slug: bad',
    ]);
  });

  it('prints the first problems only and counts the rest', () => {
    const lines: string[] = [];
    printProblems('heading', problems(MAX_PROBLEMS_SHOWN + 5), (line) => lines.push(line));
    expect(lines).toHaveLength(MAX_PROBLEMS_SHOWN + 2);
    expect(lines.at(-2)).toBe(`  companies[${MAX_PROBLEMS_SHOWN - 1}].slug: bad`);
    expect(lines.at(-1)).toBe('  … and 5 more');
  });
});
