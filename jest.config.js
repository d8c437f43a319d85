/**
 * Two projects: `unit` (pure logic, no I/O, *.spec.ts) and `integration`
 * (real PostgreSQL, Redis, SMTP; *.int-spec.ts, run in band).
 * Workspace packages are mapped to their sources so tests never need a build.
 */
const swcTransform = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const moduleNameMapper = {
  // Generated Prisma clients import siblings as './x.js' (ESM style); jest resolves the .ts.
  '^(\\.{1,2}/.*)\\.js$': '$1',
  // Each package's entry points (package.json `exports`), from source.
  '^@upright/(ranking-rules|contracts|transport|platform|accounts|rankings|reports|mail|search)$':
    '<rootDir>/services/$1/src',
  '^@upright/(ranking-rules|contracts|transport|platform|accounts|rankings|reports|mail|search)/(.*)$':
    '<rootDir>/services/$1/src/$2',
  '^@upright/bff$': '<rootDir>/bff/src',
  '^@upright/bff/(.*)$': '<rootDir>/bff/src/$1',
  '^@upright/sample-data$': '<rootDir>/infra/tools/sample-data/src',
};

const common = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swcTransform },
  moduleNameMapper,
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/web/'],
  roots: ['<rootDir>/services', '<rootDir>/bff', '<rootDir>/infra'],
};

module.exports = {
  // A global option: jest ignores it inside a project.
  testTimeout: 60000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['**/*.int-spec.ts'],
      globalSetup: '<rootDir>/infra/local/jest-integration-setup.ts',
    },
    {
      // The web app in Debian Chromium against the whole stack it starts (web/e2e/global-setup.ts).
      ...common,
      displayName: 'e2e',
      roots: ['<rootDir>/web/e2e'],
      testPathIgnorePatterns: ['/node_modules/'],
      testMatch: ['**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/web/e2e/global-setup.ts',
      globalTeardown: '<rootDir>/web/e2e/global-teardown.ts',
    },
    {
      // Production-only behaviour, against the stack `make up-production` runs (infra/production).
      ...common,
      displayName: 'production',
      roots: ['<rootDir>/infra/production'],
      testMatch: ['**/*.prod-spec.ts'],
    },
  ],
};
