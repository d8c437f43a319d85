import { SCHEMA_OWNERS } from '../stack/manifest';
import {
  dropTestDatabase,
  localRolePassword,
  migrate,
  rolePasswordsFrom,
  rolePasswordVariable,
} from './migrate';

/**
 * Integration tests run against their own database, made anew for each run and migrated exactly as
 * `make migrate` does: rows an interrupted run left (members, their weights) would otherwise move
 * the next run's population figures (the averages tests).
 */
export default async function integrationSetup(): Promise<void> {
  process.env.TEST_DATABASE_ADMIN_URL ??= 'postgres://postgres@127.0.0.1:5432/upright_test';
  await dropTestDatabase(process.env.TEST_DATABASE_ADMIN_URL);
  // The local values of local.env, when the tests run without it; the workers inherit them.
  for (const service of SCHEMA_OWNERS) {
    process.env[rolePasswordVariable(service)] ??= localRolePassword(service);
  }
  await migrate(process.env.TEST_DATABASE_ADMIN_URL, rolePasswordsFrom(process.env));
}
