import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from './cli';
import { ISSUE_KEYS } from './issues';
import { readIndustryOpenData } from './open-data';
import { recompute } from './recompute';
import { openDataFile } from './spec-support';

describe('upright-recompute', () => {
  let dir: string;
  const companies = [
    { cid: 'b', name: 'Beta', ranks: [2, 2, 2, 2, 2, 2, 2, 2, 1] },
    { cid: 'a', name: 'Alpha', ranks: [1, 1, 1, 1, 1, 1, 1, 1, 2] },
    { cid: 'c', name: 'Gamma', ranks: [3, 3, 3, 3, 3, 3, 3, 3, 3] },
  ];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'recompute-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function run(...argv: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await main(argv, {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
    });
    return { code, stdout, stderr };
  }

  /** A file stating the ranks the rules give it, except where `change` says otherwise. */
  async function fileStating(name: string, change: (cid: string) => object = () => ({})) {
    const truth = recompute(readIndustryOpenData(openDataFile(companies)), {
      ...Object.fromEntries(ISSUE_KEYS.map((key) => [key, 5])),
    } as never);
    const stated = (cid: string) => ({
      ...truth.ranks.find((rank) => rank.upright_cid === cid),
      ...change(cid),
    });
    const file = path.join(dir, name);
    await writeFile(file, JSON.stringify(openDataFile(companies, { stated })));
    return file;
  }

  it('prints the ranks by arank with the weights the file states, and checks them', async () => {
    const file = await fileStating('honest.json');
    const { code, stdout, stderr } = await run('--industry', file, '--check');
    expect(code).toBe(0);
    const rows = stdout.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(rows.map((row) => row.split('\t'))).toEqual([
      ['arank', 'raw_arank', 'normalized_rank', 'raw_rank', 'upright_cid', 'company_name'],
      ['1', '50', '1', '10', 'a', 'Alpha'],
      ['2', '85', '2', '17', 'b', 'Beta'],
      ['3', '135', '3', '27', 'c', 'Gamma'],
    ]);
    expect(stdout).toContain(`# weights: ${ISSUE_KEYS.map((key) => `${key}=5`).join(',')}`);
    expect(stderr).toBe("upright-recompute: all 3 companies' ranks are equal\n");
  });

  it('ranks with the weights given, and says where a file’s ranks differ', async () => {
    const weights = ISSUE_KEYS.map((key) => `${key}=${key === 'net_neutrality' ? 10 : 0}`);
    const own = await run(
      '--industry',
      await fileStating('own.json'),
      '--weights',
      weights.join(','),
      '--json',
    );
    expect(own.code).toBe(0);
    const printed = JSON.parse(own.stdout) as {
      ranks: Array<{ upright_cid: string; arank: number }>;
    };
    expect(printed.ranks.map((rank) => [rank.upright_cid, rank.arank])).toEqual([
      ['b', 1],
      ['a', 2],
      ['c', 3],
    ]);

    const tampered = await fileStating('tampered.json', (cid) => (cid === 'c' ? { arank: 2 } : {}));
    const checked = await run('--industry', tampered, '--check');
    expect(checked.code).toBe(1);
    expect(checked.stderr).toContain('c arank: the file says 2, recomputed 3');
  });

  it('exits 2 on a bad command line and 1 on a file it cannot read', async () => {
    const usage = await run('--weights', 'climate=5');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--weights lacks exec_pay');
    const missing = await run('--industry', path.join(dir, 'no-such.json'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('ENOENT');
  });
});
