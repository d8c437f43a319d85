/**
 * `make migrate`: creates the database if needed, applies each service's SQL migrations
 * into its own schema with dbmate, and gives each service a login role that can use only
 * its own schema (least privilege). Idempotent.
 *
 * DATABASE_ADMIN_URL — an owner connection, e.g. postgres://postgres@127.0.0.1:5432/upright
 * DB_ROLE_PASSWORD  — password set on the per-service roles (local default in local.env)
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';

export const SCHEMA_OWNING_SERVICES = ['accounts', 'rankings', 'reports', 'search'] as const;

const repoRoot = path.resolve(__dirname, '..', '..');
const dbmate = path.join(repoRoot, 'node_modules', '.bin', 'dbmate');

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

async function ensureDatabase(adminUrl: URL): Promise<void> {
  const database = adminUrl.pathname.slice(1);
  const maintenance = new URL(adminUrl);
  maintenance.pathname = '/postgres';
  const client = new Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${quoteIdent(database)}`);
  } finally {
    await client.end();
  }
}

function applyMigrations(adminUrl: URL, service: string): void {
  const migrationsDir = path.join(repoRoot, 'services', service, 'db', 'migrations');
  // dbmate refuses an empty folder; a service whose tables have not arrived yet only gets its schema.
  if (!readdirSync(migrationsDir).some((file) => file.endsWith('.sql'))) return;
  const url = new URL(adminUrl);
  url.searchParams.set('search_path', service);
  if (!url.searchParams.has('sslmode')) url.searchParams.set('sslmode', 'disable');
  execFileSync(
    dbmate,
    [
      '--url',
      url.toString(),
      '--migrations-dir',
      migrationsDir,
      '--no-dump-schema',
      '--wait',
      'up',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
}

async function grantServiceRole(adminUrl: URL, service: string, password: string): Promise<void> {
  const role = quoteIdent(`upright_${service}`);
  const schema = quoteIdent(service);
  const client = new Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [
      `upright_${service}`,
    ]);
    const verb = exists.rowCount === 0 ? 'CREATE' : 'ALTER';
    await client.query(`${verb} ROLE ${role} LOGIN PASSWORD ${quoteLiteral(password)}`);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(`GRANT USAGE ON SCHEMA ${schema} TO ${role}`);
    await client.query(
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${role}`,
    );
    await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schema} TO ${role}`);
    await client.query(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${role}`,
    );
    await client.query(
      `ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT USAGE, SELECT ON SEQUENCES TO ${role}`,
    );
    // The migrations table is the owner's business, not the service's.
    await client
      .query(`REVOKE ALL ON TABLE ${schema}.schema_migrations FROM ${role}`)
      .catch(() => undefined);
  } finally {
    await client.end();
  }
}

export async function migrate(adminUrlText: string, rolePassword: string): Promise<void> {
  const adminUrl = new URL(adminUrlText);
  await ensureDatabase(adminUrl);
  for (const service of SCHEMA_OWNING_SERVICES) {
    applyMigrations(adminUrl, service);
    await grantServiceRole(adminUrl, service, rolePassword);
  }
}

if (require.main === module) {
  const adminUrl = process.env.DATABASE_ADMIN_URL;
  const password = process.env.DB_ROLE_PASSWORD;
  if (!adminUrl || !password) {
    console.error(
      'migrate: DATABASE_ADMIN_URL and DB_ROLE_PASSWORD must be set (see infra/local/local.env)',
    );
    process.exit(78);
  }
  migrate(adminUrl, password).catch((error: unknown) => {
    console.error(`migrate: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
