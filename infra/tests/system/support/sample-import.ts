import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { testInfra } from '@upright/platform/testing';

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');

/** The fictional sample data set `make up` loads. */
export const SAMPLE_FILE = path.join(repoRoot, 'services', 'rankings', 'data', 'sample.json');

const IMPORTERS = {
  rankings: path.join(repoRoot, 'services/rankings/dist/data-import/cli.js'),
  reports: path.join(repoRoot, 'services/reports/dist/data-import/cli.js'),
} as const;

/**
 * Runs a service's built importer on the sample data (or another data set `file`) into the test
 * database, as `make import PUBLISH=1` does: rankings stages the file and publishes it at once
 * (decision 0077; the reports importer always stores). Without `env`'s REDIS_URL the importer announces nothing (no search jobs, no data-version
 * move); pass one (and a QUEUE_PREFIX) for a test that watches what an import queues.
 */
export function importSample(
  service: keyof typeof IMPORTERS,
  env: Record<string, string> = {},
  file = SAMPLE_FILE,
): Promise<{ stdout: string; stderr: string }> {
  const { REDIS_URL: _redis, ...withoutRedis } = process.env;
  return run(process.execPath, [IMPORTERS[service], file, '--publish'], {
    env: { ...withoutRedis, DATABASE_URL: testInfra().databaseUrl(service), ...env },
  });
}
