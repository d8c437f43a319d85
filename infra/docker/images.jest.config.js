/**
 * The image test (`make test-images`, decision 0073): its own jest configuration, so neither the
 * unit nor the integration project picks it up (it needs a container engine and built images).
 */
const root = require('../../jest.config.js');

const unit = root.projects.find((project) => project.displayName === 'unit');

module.exports = {
  rootDir: '../..',
  testTimeout: 300_000,
  transform: unit.transform,
  moduleNameMapper: unit.moduleNameMapper,
  testEnvironment: 'node',
  roots: ['<rootDir>/infra/docker'],
  testMatch: ['**/*.image-spec.ts'],
};
