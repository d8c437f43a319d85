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
 * bff/src imports run one way (decision 0049), as a service's do: the edge and the wiring on top
 * (`edge/`, `pages/`, `main`, `service`, `app.module`); then the features, one Nest module each,
 * which import libraries and never each other; then the libraries (`auth/`, `answer-cache/`,
 * `idempotency/`, `public-data/`, `analytics/`), which import no feature; and at the bottom the
 * leaf folders (`config/`: the environment's schema and the security headers; `shared/`: route
 * declarations, params, errors and helpers), importing no other part of the BFF.
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
  message: 'config/ and shared/ are the leaf folders: they import no other part of the BFF.',
};
const BFF_FEATURES = [
  'accounts',
  'captcha',
  'companies',
  'contact',
  'corrections',
  'follows',
  'history',
  'industries',
  'methodology',
  'open-data',
  'openapi',
  'rankings',
  'reports',
  'search',
  'sign-in',
  'site-facts',
];
const BFF_EDGE_SIDE = ['pages'];
const folders = (names) => names.flatMap((name) => [`**/${name}`, `**/${name}/**`]);
const bffImports = (...patterns) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [...bffProductionPatterns, BFF_TOP, ...patterns] },
  ],
});
const BFF_EDGE_SIDE_ONLY = {
  group: folders(BFF_EDGE_SIDE),
  message: 'pages/ serves the edge: only the edge and the wiring import it.',
};
const bffLayers = [
  {
    files: ['bff/src/**/*.ts'],
    ignores: [...TEST_FILES, 'bff/src/edge/**', 'bff/src/*.ts'],
    rules: bffImports(),
  },
  {
    // A library serves the features: it imports none of them.
    files: ['bff/src/*/**/*.ts'],
    ignores: [
      ...TEST_FILES,
      'bff/src/edge/**',
      ...[...BFF_FEATURES, ...BFF_EDGE_SIDE].map((name) => `bff/src/${name}/**`),
    ],
    rules: bffImports(BFF_EDGE_SIDE_ONLY, {
      group: folders(BFF_FEATURES),
      message: 'A library of the BFF imports no feature: move what both need into the library.',
    }),
  },
  ...BFF_FEATURES.map((feature) => ({
    // A feature imports the libraries, never another feature (as a service's modules).
    files: [`bff/src/${feature}/**/*.ts`],
    ignores: TEST_FILES,
    rules: bffImports(BFF_EDGE_SIDE_ONLY, {
      group: folders(BFF_FEATURES.filter((name) => name !== feature)),
      message:
        'A feature of the BFF imports libraries (auth/, answer-cache/, idempotency/, shared/, config/), never another feature.',
    }),
  })),
  {
    files: ['bff/src/config/**/*.ts', 'bff/src/shared/**/*.ts'],
    ignores: TEST_FILES,
    rules: bffImports(BFF_LEAF),
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
