/**
 * The lint rule that keeps packages apart (eslint.config.mjs, no-restricted-imports): ESLint's own
 * API lints small sources as if they stood at the given paths, with the repository's config.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..');

interface Case {
  filePath: string;
  code: string;
}

/**
 * ESLint loads its flat config with a native dynamic import, which jest's module sandbox refuses,
 * so the API runs in a child Node process; it answers with the rule ids reported per case.
 */
function restrictedImportMessages(cases: Case[]): string[][] {
  const script = `
    const { ESLint } = require('eslint');
    const cases = JSON.parse(process.argv[1]);
    (async () => {
      const eslint = new ESLint({ cwd: ${JSON.stringify(repoRoot)} });
      const answers = [];
      for (const { filePath, code } of cases) {
        const [result] = await eslint.lintText(code, { filePath });
        answers.push(result.messages
          .filter((message) => message.ruleId === 'no-restricted-imports')
          .map((message) => message.message));
      }
      process.stdout.write(JSON.stringify(answers));
    })().catch((error) => { console.error(error); process.exit(1); });
  `;
  const run = spawnSync(process.execPath, ['-e', script, JSON.stringify(cases)], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[][];
}

const deepImport = "import { RankingsService } from '../../../rankings/src/service';\n";

describe('package boundaries (no-restricted-imports)', () => {
  const [
    productionDeep,
    productionScoped,
    productionInfra,
    productionEntry,
    ownFiles,
    newTestDeep,
    systemTestDeep,
    systemTestEntries,
    toolingInfra,
  ] = restrictedImportMessages([
    { filePath: 'services/accounts/src/fixture/deep.ts', code: deepImport },
    {
      filePath: 'bff/src/fixture.ts',
      code: "import { ISSUES } from '@upright/contracts/src/issues';\n",
    },
    {
      filePath: 'web/src/lib/fixture.ts',
      code: "import { preparePrivateDatabase } from '../../../infra/local/private-database';\n",
    },
    {
      filePath: 'services/accounts/src/fixture.ts',
      code: "import { ISSUES } from '@upright/contracts';\nimport { x } from '@upright/platform/testing';\n",
    },
    {
      filePath: 'services/rankings/test/fixture.int-spec.ts',
      code: "import { RankingsService } from '../src/service';\nimport { y } from './support';\n",
    },
    {
      filePath: 'bff/test/fixture.int-spec.ts',
      code: "import { RankingsService } from '../../services/rankings/src/service';\n",
    },
    {
      filePath: 'infra/tests/system/companies.int-spec.ts',
      code: "import { RankingsCache } from '../../../services/rankings/src/rankings-cache/rankings-cache';\n",
    },
    {
      filePath: 'infra/tests/system/companies.int-spec.ts',
      code: "import { rankingsService } from '@upright/rankings';\nimport { RankingsCache } from '@upright/rankings/testing';\n",
    },
    {
      filePath: 'web/e2e/support/fixture.ts',
      code: "import { x } from '../../../infra/local/process-stack';\n",
    },
  ]);

  it("refuses a production import of another package's src/, relative or scoped", () => {
    expect(productionDeep).toEqual([expect.stringContaining('through its entry point')]);
    expect(productionScoped).toEqual([expect.stringContaining('through its entry point')]);
  });

  it('refuses infra/ in production code but not in test tooling', () => {
    expect(productionInfra).toEqual([
      expect.stringContaining('Production code does not import infra/.'),
    ]);
    expect(toolingInfra).toEqual([]);
  });

  it("allows entry points and a package's own files", () => {
    expect(productionEntry).toEqual([]);
    expect(ownFiles).toEqual([]);
  });

  it("refuses a test's deep import too, the system suite's included: no file is excepted", () => {
    expect(newTestDeep).toEqual([expect.stringContaining('through its entry point')]);
    expect(systemTestDeep).toEqual([expect.stringContaining('through its entry point')]);
  });

  it('lets tests use the entry points, test-only ones (`/testing`) included', () => {
    expect(systemTestEntries).toEqual([]);
  });
});
