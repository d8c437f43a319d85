/**
 * `make migrate`: creates the database if needed, applies each service's SQL migrations
 * into its own schema with dbmate, and gives each service a login role that can use only
 * its own schema (least privilege), each with its own password. Idempotent.
 *
 * DATABASE_ADMIN_URL    an owner connection, e.g. postgres://postgres@127.0.0.1:5432/upright
 * <SERVICE>_DB_PASSWORD the password of each schema owner's role (ACCOUNTS_DB_PASSWORD, …; the
 *                       owners are the stack manifest's; local values in local.env)
 * PGSSLROOTCERT         optional: CA file the server's certificate is verified against
 *
 * `sslmode` of DATABASE_ADMIN_URL has libpq's meaning for both halves: dbmate (lib/pq) has it
 * natively and node-postgres gets `uselibpqcompat=true`; without sslmode both connect in clear
 * (decision 0021).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { z } from 'zod';
import { SCHEMA_OWNERS } from '../stack/manifest';

/** A process with a schema of its own (the stack manifest's `ownsSchema`). */
export type SchemaOwningService = string;
/** Each schema owner's role password, by its name. */
export type RolePasswords = Readonly<Record<SchemaOwningService, string>>;

/** The variable holding a service role's password: ACCOUNTS_DB_PASSWORD, … */
export function rolePasswordVariable(service: SchemaOwningService): string {
  return `${service.toUpperCase()}_DB_PASSWORD`;
}

/** A role's password in local.env, for tests run without it. */
export function localRolePassword(service: SchemaOwningService): string {
  return `upright-local-${service}`;
}

// Each password also goes into its service's DATABASE_URL, so only URL-safe characters.
const rolePassword = z
  .string({ error: 'must be set' })
  .regex(
    /^[A-Za-z0-9._~-]+$/,
    'must be non-empty and use URL-safe characters only (A-Z a-z 0-9 . _ ~ -)',
  );

const rolePasswordsSchema = z.object(
  Object.fromEntries(SCHEMA_OWNERS.map((service) => [rolePasswordVariable(service), rolePassword])),
);

const migrateEnvSchema = rolePasswordsSchema.extend({
  DATABASE_ADMIN_URL: z
    .string({ error: 'must be set' })
    .refine((value) => URL.canParse(value) && /^postgres(ql)?:$/.test(new URL(value).protocol), {
      message: 'must be a postgres:// URL',
    }),
  PGSSLROOTCERT: z.string().min(1).optional(),
});

export interface MigrateSettings {
  adminUrl: string;
  passwords: RolePasswords;
  /** CA file for verifying the server (PGSSLROOTCERT). */
  sslRootCert?: string;
}

/** Parses `env`; the error names every missing or malformed variable. */
function parseEnv(schema: z.ZodType, env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data as Record<string, string | undefined>;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
  throw new Error(`invalid environment: ${problems.join('; ')} (see infra/local/local.env)`);
}

function passwordsOf(values: Record<string, string | undefined>): RolePasswords {
  return Object.fromEntries(
    SCHEMA_OWNERS.map((service) => [service, values[rolePasswordVariable(service)]]),
  ) as RolePasswords;
}

/** The role passwords from the environment; throws naming every missing or malformed one. */
export function rolePasswordsFrom(env: NodeJS.ProcessEnv): RolePasswords {
  return passwordsOf(parseEnv(rolePasswordsSchema, env));
}

/** Validates the environment of `migrate.ts`. */
export function readMigrateSettings(env: NodeJS.ProcessEnv): MigrateSettings {
  const values = parseEnv(migrateEnvSchema, env);
  return {
    adminUrl: values.DATABASE_ADMIN_URL!,
    passwords: passwordsOf(values),
    sslRootCert: values.PGSSLROOTCERT,
  };
}

/** The owner URL for node-postgres: libpq's sslmode meaning, and the CA when one is given. */
export function pgUrl(adminUrl: URL, sslRootCert?: string): URL {
  const url = new URL(adminUrl);
  if (sslRootCert && !url.searchParams.has('sslrootcert'))
    url.searchParams.set('sslrootcert', sslRootCert);
  if (url.searchParams.has('sslmode')) url.searchParams.set('uselibpqcompat', 'true');
  return url;
}

/** The owner URL for dbmate (lib/pq): the same sslmode and CA; no sslmode means none, as for pg. */
export function dbmateUrl(adminUrl: URL, schema: string, sslRootCert?: string): URL {
  const url = new URL(adminUrl);
  url.searchParams.delete('uselibpqcompat'); // lib/pq would send it to the server as a setting
  url.searchParams.set('search_path', schema);
  if (!url.searchParams.has('sslmode')) url.searchParams.set('sslmode', 'disable');
  if (sslRootCert && !url.searchParams.has('sslrootcert'))
    url.searchParams.set('sslrootcert', sslRootCert);
  return url;
}

const repoRoot = path.resolve(__dirname, '..', '..');
const dbmate = path.join(repoRoot, 'node_modules', '.bin', 'dbmate');

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** Runs `work` on the server's maintenance database (a database cannot be made or dropped from itself). */
async function onMaintenance(
  adminUrl: URL,
  work: (client: Client) => Promise<void>,
): Promise<void> {
  const maintenance = new URL(adminUrl);
  maintenance.pathname = '/postgres';
  const client = new Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

async function ensureDatabase(adminUrl: URL): Promise<void> {
  const database = adminUrl.pathname.slice(1);
  await onMaintenance(adminUrl, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${quoteIdent(database)}`);
  });
}

/**
 * Drops the database of `adminUrlText` (its sessions closed first), for a test run that must start
 * from nothing. Refuses any database whose name does not end in `_test`.
 */
export async function dropTestDatabase(adminUrlText: string): Promise<void> {
  const adminUrl = new URL(adminUrlText);
  const database = adminUrl.pathname.slice(1);
  if (!database.endsWith('_test')) {
    throw new Error(`refusing to drop ${database}: only a database named *_test is the tests' own`);
  }
  await onMaintenance(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`);
  });
}

function applyMigrations(adminUrl: URL, service: string, sslRootCert?: string): void {
  const migrationsDir = path.join(repoRoot, 'services', service, 'db', 'migrations');
  // dbmate refuses an empty folder; a service whose tables have not arrived yet only gets its schema.
  if (!readdirSync(migrationsDir).some((file) => file.endsWith('.sql'))) return;
  const url = dbmateUrl(adminUrl, service, sslRootCert);
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

export async function migrate(
  adminUrlText: string,
  passwords: RolePasswords,
  sslRootCert?: string,
): Promise<void> {
  const adminUrl = new URL(adminUrlText);
  const ownerUrl = pgUrl(adminUrl, sslRootCert);
  await ensureDatabase(ownerUrl);
  for (const service of SCHEMA_OWNERS) {
    applyMigrations(adminUrl, service, sslRootCert);
    await grantServiceRole(ownerUrl, service, passwords[service]);
  }
}

if (require.main === module) {
  let settings: MigrateSettings;
  try {
    settings = readMigrateSettings(process.env);
  } catch (error) {
    console.error(`migrate: ${(error as Error).message}`);
    process.exit(78);
  }
  migrate(settings.adminUrl, settings.passwords, settings.sslRootCert).catch((error: unknown) => {
    console.error(`migrate: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
