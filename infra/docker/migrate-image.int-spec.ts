/**
 * The migration image without a container engine: runs the RUN step of the Dockerfile's
 * build-migrate stage (paths /app → the repository, /out → a temporary folder), then the
 * image's command from that folder against a database of its own, twice (idempotent).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { dockerfilePath, repoRoot } from './images';
import { localRolePassword, rolePasswordVariable } from '../local/migrate';
import { SCHEMA_OWNERS } from '../stack/manifest';
import { parseDockerfile, stageChain } from './dockerfile';

const adminBase = new URL(
  process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/upright_test',
);
const database = `upright_image_${process.pid}_${Date.now().toString(36)}`;
const adminUrl = new URL(adminBase);
adminUrl.pathname = `/${database}`;
const maintenanceUrl = new URL(adminBase);
maintenanceUrl.pathname = '/postgres';

const image = mkdtempSync(path.join(tmpdir(), 'upright-migrate-image-'));
const migrateCommand = (() => {
  const stage = stageChain(parseDockerfile(readFileSync(dockerfilePath, 'utf8')), 'migrate')[0];
  const command = stage.instructions.find((instruction) => instruction.keyword === 'CMD');
  return command!.args;
})();

function runImage(env: Record<string, string>) {
  const [program, ...args] = migrateCommand;
  return spawnSync(program === 'node' ? process.execPath : program, args, {
    cwd: image,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
}

async function query<T>(url: URL, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

beforeAll(() => {
  const build = stageChain(
    parseDockerfile(readFileSync(dockerfilePath, 'utf8')),
    'build-migrate',
  )[0];
  const run = build.instructions.find((instruction) => instruction.keyword === 'RUN')!;
  const command = run.raw
    .replace(/^RUN\s+/, '')
    .replaceAll('/app/', `${repoRoot}/`)
    .replaceAll('/out', image);
  execFileSync('bash', ['-c', command], { cwd: repoRoot, stdio: 'pipe' });
});

afterAll(async () => {
  await query(maintenanceUrl, `DROP DATABASE IF EXISTS "${database}"`);
  rmSync(image, { recursive: true, force: true });
});

function rolePasswordEnv(): Record<string, string> {
  return Object.fromEntries(
    SCHEMA_OWNERS.map((service) => {
      const variable = rolePasswordVariable(service);
      return [variable, process.env[variable] ?? localRolePassword(service)];
    }),
  );
}

describe('the migrate image', () => {
  it('refuses to start without its variables, naming them', () => {
    const result = runImage({});
    expect(result.status).toBe(78);
    for (const variable of [
      'DATABASE_ADMIN_URL',
      'ACCOUNTS_DB_PASSWORD',
      'RANKINGS_DB_PASSWORD',
      'REPORTS_DB_PASSWORD',
      'SEARCH_DB_PASSWORD',
    ]) {
      expect(result.stderr).toContain(`${variable} must be set`);
    }
  });

  it('creates the database, applies every migration and is idempotent', async () => {
    const env = {
      DATABASE_ADMIN_URL: adminUrl.toString(),
      // The passwords the global setup gave the roles (roles are shared by every database of the
      // server): another value would lock out the suites that run after this one.
      ...rolePasswordEnv(),
    };
    for (let run = 0; run < 2; run++) {
      const result = runImage(env);
      expect(result.stderr).not.toMatch(/error/i);
      expect(result.status).toBe(0);
    }
    for (const service of SCHEMA_OWNERS) {
      const files = readdirSync(path.join(repoRoot, 'services', service, 'db', 'migrations'))
        .filter((file) => file.endsWith('.sql'))
        .map((file) => file.split('_')[0])
        .sort();
      const applied = await query<{ version: string }>(
        adminUrl,
        `SELECT version FROM ${service}.schema_migrations ORDER BY version`,
      );
      expect(applied.map((row) => row.version)).toEqual(files);
      const grants = await query<{ allowed: boolean }>(
        adminUrl,
        'SELECT has_schema_privilege($1, $2, $3) AS allowed',
        [`upright_${service}`, service, 'USAGE'],
      );
      expect(grants[0].allowed).toBe(true);
    }
  });
});
