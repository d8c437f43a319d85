/**
 * A database of its own for a run that writes (the e2e journeys sign members up and save
 * priorities; the load smoke does too): migrated like `make migrate` and loaded with the sample
 * data, so `make test` never changes the members and averages of the database `make up` serves.
 * Made anew on every run: members a previous run left would move the averages that the
 * journeys compare rankings against.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import { databaseUrlVariable, SCHEMA_OWNERS, STACK } from '../stack/manifest';
import { migrate, rolePasswordsFrom } from './migrate';

const repoRoot = path.resolve(__dirname, '..', '..');
const SAMPLE_FILE = path.join(repoRoot, 'services', 'rankings', 'data', 'sample.json');

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set (run through make, which reads local.env)`);
  return value;
}

function onDatabase(url: string, database: string): string {
  const moved = new URL(url);
  moved.pathname = `/${database}`;
  return moved.toString();
}

async function dropDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: onDatabase(adminUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${database.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * Creates `database` afresh, migrates it and imports the sample data into it; returns each
 * service's own URL on it. `queuePrefix` is where the imports push their search documents (the
 * run's own queues).
 */
export async function preparePrivateDatabase(
  database: string,
  queuePrefix: string,
): Promise<Record<string, string>> {
  const adminUrl = requireEnv('DATABASE_ADMIN_URL');
  await dropDatabase(adminUrl, database);
  await migrate(onDatabase(adminUrl, database), rolePasswordsFrom(process.env));
  const urls: Record<string, string> = Object.fromEntries(
    SCHEMA_OWNERS.map((service) => [
      service,
      onDatabase(requireEnv(databaseUrlVariable(service)), database),
    ]),
  );
  for (const { name, importer } of STACK) {
    if (!importer) continue;
    // Published at once, as `make seed` does (decision 0077).
    execFileSync(process.execPath, [path.join(repoRoot, importer), SAMPLE_FILE, '--publish'], {
      env: { ...process.env, DATABASE_URL: urls[name], QUEUE_PREFIX: queuePrefix },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return urls;
}
