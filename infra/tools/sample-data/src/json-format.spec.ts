import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { generateDataSet, planDataSet } from './generate';
import { formatJson } from './json-format';
import { formatDataSet, writeDataSet } from './write';

const ROOT = path.resolve(__dirname, '../../../..');
const PRETTIER = path.join(
  path.dirname(require.resolve('prettier/package.json')),
  'bin/prettier.cjs',
);

/** Files Prettier would change (Prettier runs in a child process: it is ESM inside). */
function prettierDisagrees(files: Record<string, string>): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'json-format-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    const result = spawnSync(
      process.execPath,
      [
        PRETTIER,
        '--list-different',
        '--config',
        path.join(ROOT, '.prettierrc.json'),
        '--no-editorconfig',
        '.',
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    if (result.status !== 0 && result.status !== 1) throw new Error(result.stderr);
    return result.stdout
      .split('\n')
      .filter(Boolean)
      .map((file) => path.basename(file));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function written(parts: ReturnType<typeof planDataSet>, layout: 'pretty' | 'compact') {
  let text = '';
  await writeDataSet(parts, (chunk) => void (text += chunk), layout);
  return text;
}

// Values shaped like data set rows: strings of any length, numbers, booleans, null, string
// lists and nested objects.
const word = fc.string({ minLength: 0, maxLength: 40 });
const scalar = fc.oneof(
  word,
  fc.integer({ min: -1e12, max: 1e12 }),
  fc
    .double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true })
    .map((n) => Math.round(n * 100) / 100),
  fc.boolean(),
  fc.constant(null),
);
const row = fc.dictionary(
  fc.stringMatching(/^[a-z_]{1,24}$/),
  fc.oneof(
    { weight: 4, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(word, { maxLength: 6 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.stringMatching(/^[a-z_]{1,12}$/), scalar, { maxKeys: 5 }),
    },
  ),
  { maxKeys: 12 },
);
const document = fc.record({
  rows: fc.array(row, { maxLength: 4 }),
  nested: fc.dictionary(fc.stringMatching(/^[a-z_]{1,16}$/), fc.array(row, { maxLength: 3 }), {
    maxKeys: 3,
  }),
  one: row,
});

describe('formatJson (Prettier-compatible layout)', () => {
  it('lays out random row-shaped documents exactly as Prettier does', () => {
    const docs = fc.sample(document, { numRuns: 150, seed: 20260930 });
    const files = Object.fromEntries(
      docs.map((doc, i) => [`doc-${i}.json`, `${formatJson(doc)}\n`]),
    );
    expect(prettierDisagrees(files)).toEqual([]);
  });

  it('round-trips values', () => {
    fc.assert(
      fc.property(document, (doc) => {
        expect(JSON.parse(formatJson(doc))).toEqual(JSON.parse(JSON.stringify(doc)));
      }),
    );
  });

  it('breaks at the print width, counting the trailing comma', () => {
    expect(formatJson(['x'.repeat(96)])).toBe(`["${'x'.repeat(96)}"]`);
    expect(formatJson(['x'.repeat(97)])).toBe(`[\n  "${'x'.repeat(97)}"\n]`);
    // Both inner arrays are 98 wide at column 2: only the last one, without a comma, fits.
    const [x, y] = ['x'.repeat(94), 'y'.repeat(94)];
    expect(formatJson([[x], [y]])).toBe(`[\n  [\n    "${x}"\n  ],\n  ["${y}"]\n]`);
  });

  it('refuses arrays of numbers (Prettier fills them) and non-finite numbers', () => {
    expect(() => formatJson({ a: [1, 2] })).toThrow(/numbers/);
    expect(() => formatJson({ a: Infinity })).toThrow();
  });
});

describe('writeDataSet', () => {
  it('streams exactly formatDataSet, for sets of any size', async () => {
    for (const options of [
      { companies: 1 },
      { companies: 2, quarters: 1, reports: 1 },
      { companies: 60, industries: 4 },
    ]) {
      const text = await written(planDataSet(options), 'pretty');
      expect(text).toBe(formatDataSet(generateDataSet(options)));
    }
  });

  it('writes files Prettier leaves alone, for small and tiny sets', async () => {
    const files: Record<string, string> = {};
    for (const [i, options] of [
      { companies: 1 },
      { companies: 1, quarters: 1, reports: 0 },
      { companies: 2, quarters: 1, reports: 1 },
      { companies: 30, industries: 3, quarters: 2, seed: 5 },
    ].entries()) {
      files[`set-${i}.json`] = await written(planDataSet(options), 'pretty');
    }
    expect(prettierDisagrees(files)).toEqual([]);
  });

  it('compact layout holds the same data, one row per line', async () => {
    const options = { companies: 40, industries: 4, seed: 2 };
    const text = await written(planDataSet(options), 'compact');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(generateDataSet(options))));
    expect(text.length).toBeLessThan(formatDataSet(generateDataSet(options)).length);
    const tiny = await written(planDataSet({ companies: 1, quarters: 1, reports: 0 }), 'compact');
    expect(JSON.parse(tiny)).toEqual(
      JSON.parse(JSON.stringify(generateDataSet({ companies: 1, quarters: 1, reports: 0 }))),
    );
  });

  it('the shipped sample passes prettier --check', () => {
    const result = spawnSync(
      process.execPath,
      [PRETTIER, '--check', path.join(ROOT, 'services/rankings/data/sample.json')],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(result.status).toBe(0);
  });
});
