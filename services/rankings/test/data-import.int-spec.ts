import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createPgAdapter } from '@upright/platform';
import { testInfra } from '@upright/platform/testing';
import { PrismaClient } from '../src/generated/prisma/client';
import { DataSet } from '@upright/contracts';
import { writeImport } from '../src/data-import/import-writer';
import { scoresWithoutFiguresSql } from '../src/data-import/scores-without-figures';

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '..', '..', '..');
const cli = path.join(repoRoot, 'services', 'rankings', 'dist', 'data-import', 'cli.js');
const sampleFile = path.join(repoRoot, 'services', 'rankings', 'data', 'sample.json');

/** Real Postgres (upright_test), through the rankings role, as `make import` runs it. */
describe('data import', () => {
  const infra = testInfra();
  const databaseUrl = infra.databaseUrl('rankings');
  const db = new PrismaClient({
    adapter: createPgAdapter({ DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: 2 }),
  });
  const tag = randomUUID().slice(0, 6);

  /** `make import FILE=… PUBLISH=1` unless other flags are given (decision 0077). */
  function importCli(file: string, flags: string[] = ['--publish']) {
    // Without REDIS_URL the CLI only writes; announcing changes is tested with the rankings cache.
    const { REDIS_URL: _redis, ...env } = process.env;
    return run(process.execPath, [cli, file, ...flags], {
      env: { ...env, DATABASE_URL: databaseUrl },
    }).then(
      (result) => ({ code: 0, ...result }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
  }

  function smallFile(): DataSet.ImportFile {
    return DataSet.importFileSchema.parse({
      industries: [
        {
          industry: `zz-${tag}`,
          industry_text: `Test ${tag}`,
          definition: 'Test industry',
          limit: 5,
        },
      ],
      companies: [
        {
          upright_cid: `ZZ${tag}A`,
          company_name: `Alpha ${tag}`,
          industry: `zz-${tag}`,
          structure: 'Public',
        },
      ],
      scores: [{ upright_cid: `ZZ${tag}A`, period_year: 2026, period_qrt: 3, climate_score: 10 }],
    });
  }

  afterAll(async () => {
    await db.company.deleteMany({ where: { uprightCid: { startsWith: `ZZ${tag}` } } });
    await db.companyIndustry.deleteMany({ where: { industry: { startsWith: `zz-${tag}` } } });
    await db.industry.deleteMany({ where: { industry: { startsWith: `zz-${tag}` } } });
    await db.$disconnect();
  });

  it('imports the sample file, and a second import changes nothing', async () => {
    const first = await importCli(sampleFile);
    expect(first.code).toBe(0);
    const second = await importCli(sampleFile);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Nothing changed.');
    expect(second.stdout).toMatch(/companies\s+0 new, 0 changed, 300 unchanged/);
    expect(second.stdout).toMatch(/scores\s+0 new, 0 changed, \d+ unchanged/);
    expect(
      await db.company.count({ where: { uprightCid: { startsWith: 'UC' } } }),
    ).toBeGreaterThanOrEqual(300);
  });

  it('stages a file as the draft and prints its preview; publishing is a step of its own', async () => {
    const file = path.join(tmpdir(), `upright-draft-${tag}.json`);
    const draftIndustry = `zz-${tag}-draft`;
    const small = smallFile();
    small.industries[0]!.industry = draftIndustry;
    small.companies[0] = {
      ...small.companies[0]!,
      upright_cid: `ZZ${tag}S`,
      industry: draftIndustry,
      industries: [draftIndustry],
    };
    small.scores[0] = { ...small.scores[0]!, upright_cid: `ZZ${tag}S` };
    await writeFile(file, JSON.stringify(small));
    const staged = await importCli(file, []);
    expect(staged.stderr).not.toContain('problem');
    expect(staged.code).toBe(0);
    expect(staged.stdout).toMatch(/Staged as version (\d+) \(on public version \d+\)/);
    expect(staged.stdout).toMatch(new RegExp(`${draftIndustry}\\s+1 added, 0 removed, 0 moved`));
    expect(staged.stdout).toMatch(/Validated in [\d.]+ s; staged with its preview in [\d.]+ s\./);
    expect(staged.stdout).toContain('is the draft: review and publish it at /admin/data.');
    // Nothing public changed.
    expect(await db.industry.count({ where: { industry: draftIndustry } })).toBe(0);

    const again = await importCli(file, []);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/is the draft already: publish or discard it/);

    const published = await importCli(file, ['--publish', '--replace']);
    expect(published.code).toBe(0);
    expect(published.stdout).toMatch(/Published version \d+ in [\d.]+ s\./);
    expect(await db.industry.count({ where: { industry: draftIndustry } })).toBe(1);
    const [version] = await db.$queryRaw<Array<{ state: string; staged_by: string }>>`
      SELECT state, staged_by FROM rankings.data_versions ORDER BY version_id DESC LIMIT 1`;
    expect(version).toEqual({ state: 'public', staged_by: 'cli' });

    const usage = await importCli(file, ['--publsh']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: make import FILE=path/to/data-set.json');
  });

  it('writes nothing when one row is bad, and names that row and field', async () => {
    const file = path.join(tmpdir(), `upright-bad-${tag}.json`);
    const good = smallFile();
    await writeFile(
      file,
      JSON.stringify({
        ...good,
        companies: [
          ...good.companies,
          { ...good.companies[0], upright_cid: `ZZ${tag}B`, company_name: 42 },
        ],
      }),
    );
    const result = await importCli(file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('companies[1].company_name');
    expect(result.stderr).toContain('nothing was written');
    expect(await db.industry.count({ where: { industry: `zz-${tag}` } })).toBe(0);
  });

  it('reports every change, then none on re-import; removed memberships are removed', async () => {
    const file = smallFile();
    const first = await writeImport(db, file);
    expect(first.sections.industries).toMatchObject({ inserted: 1, updated: 0 });
    expect(first.sections.companies).toMatchObject({ inserted: 1 });
    expect(first.changedIndustries).toEqual([`zz-${tag}`]);

    const again = await writeImport(db, file);
    expect(again.changedIndustries).toEqual([]);
    expect(again.sections.scores).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });

    const changed = structuredClone(file);
    changed.scores[0]!.climate_score = 11;
    const third = await writeImport(db, changed);
    expect(third.sections.scores).toMatchObject({ inserted: 0, updated: 1, unchanged: 0 });
    expect(third.changedIndustries).toEqual([`zz-${tag}`]);
  });

  it('reports the scores that have no published figure behind them', async () => {
    const file = path.join(tmpdir(), `upright-no-figure-${tag}.json`);
    // A climate score and no climate figures: one more climate score without a figure.
    const small = smallFile();
    const cid = `ZZ${tag}N`;
    await writeFile(
      file,
      JSON.stringify({
        ...small,
        companies: [{ ...small.companies[0], upright_cid: cid, company_name: `No figure ${tag}` }],
        scores: [{ ...small.scores[0], upright_cid: cid }],
      }),
    );
    const before =
      await db.$queryRawUnsafe<Array<{ issue: string; scores: number }>>(scoresWithoutFiguresSql());
    const result = await importCli(file);
    expect(result.code).toBe(0);
    const climate = before.find((row) => row.issue === 'climate')!.scores + 1;
    expect(result.stdout).toContain('Scores without a published figure');
    expect(result.stdout).toMatch(new RegExp(`Climate\\s+${climate} scores of \\d+ companies`));
  });

  it('rolls back the whole import when the database refuses a row', async () => {
    const file = smallFile();
    file.industries[0]!.industry = `zz-${tag}-rollback`;
    // Bypasses validation on purpose: the company points at an industry that does not exist.
    file.companies[0] = {
      ...file.companies[0]!,
      upright_cid: `ZZ${tag}R`,
      industry: `zz-${tag}-missing`,
    };
    await expect(writeImport(db, file)).rejects.toThrow();
    expect(await db.industry.count({ where: { industry: `zz-${tag}-rollback` } })).toBe(0);
  });
});
