import { readFileSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * A package is used through its entry point (`@upright/<name>`); its src/ and test/ files are its
 * own. An import specifier is matched as written, so a relative path into another package is
 * known by that package's folder name (`../../rankings/src/…` from accounts,
 * `../../services/rankings/src/…` from bff): each package gets the names of all the others.
 */
const workspaces = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
).workspaces;
const folderName = (workspace) => workspace.split('/').at(-1);
const TEST_FILES = ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.test.ts'];

function packageBoundaries(ownWorkspace, { production }) {
  const others = workspaces.filter((workspace) => workspace !== ownWorkspace).map(folderName);
  const patterns = [
    {
      group: [
        ...others.flatMap((name) => [`**/${name}/src/**`, `**/${name}/test/**`]),
        '@upright/*/src/**',
      ],
      message: 'Import another package through its entry point (@upright/<name>), not its files.',
    },
  ];
  if (production) {
    patterns.push({ group: ['**/infra/**'], message: 'Production code does not import infra/.' });
  }
  return { 'no-restricted-imports': ['error', { patterns }] };
}

const boundaries = [
  { rules: packageBoundaries(null, { production: false }) },
  ...workspaces.flatMap((workspace) => [
    {
      files: [`${workspace}/**/*.{ts,tsx}`],
      rules: packageBoundaries(workspace, { production: false }),
    },
    {
      // Production code never reaches into the local harness, the chart tests or the tooling.
      files: [`${workspace}/src/**/*.{ts,tsx}`],
      ignores: TEST_FILES,
      rules: packageBoundaries(workspace, { production: true }),
    },
  ]),
];

/**
 * bff/src imports run one way (record 0049): the edge and the wiring on top (`edge/`, `main`,
 * `service`, `app.module`), features below, leaf helpers (`http/`: errors, params, budgets,
 * admission) at the bottom, importing no other part of the BFF.
 */
const bffProductionPatterns = packageBoundaries('bff', { production: true })[
  'no-restricted-imports'
][1].patterns;
const BFF_TOP = {
  group: ['**/edge', '**/edge/**', '**/app.module', '**/service', '**/main'],
  message: 'The edge and the wiring are the top layer of the BFF: nothing below imports them.',
};
const BFF_LEAF = {
  group: ['../*', '../**'],
  message: 'http/ holds the leaf helpers: they import no other part of the BFF.',
};
const bffLayers = [
  {
    files: ['bff/src/**/*.ts'],
    ignores: [...TEST_FILES, 'bff/src/edge/**', 'bff/src/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...bffProductionPatterns, BFF_TOP] }],
    },
  },
  {
    files: ['bff/src/http/**/*.ts'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...bffProductionPatterns, BFF_TOP, BFF_LEAF] },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'services/*/src/generated/**',
      'bench/results/**',
      'test-artifacts/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', 'infra/**/*.ts', '**/bench/**/*.ts', '**/cli.ts'],
    rules: { 'no-console': 'off' },
  },
  ...boundaries,
  ...bffLayers,
);
