import { SCHEMA_OWNERS } from '../stack/manifest';
import { localRolePassword, migrate, rolePasswordsFrom, rolePasswordVariable } from './migrate';

/** Integration tests run against their own database, migrated exactly as `make migrate` does. */
export default async function integrationSetup(): Promise<void> {
  process.env.TEST_DATABASE_ADMIN_URL ??= 'postgres://postgres@127.0.0.1:5432/upright_test';
  // The local values of local.env, when the tests run without it; the workers inherit them.
  for (const service of SCHEMA_OWNERS) {
    process.env[rolePasswordVariable(service)] ??= localRolePassword(service);
  }
  await migrate(process.env.TEST_DATABASE_ADMIN_URL, rolePasswordsFrom(process.env));
}
