import { migrate } from './migrate';

/** Integration tests run against their own database, migrated exactly as `make migrate` does. */
export default async function integrationSetup(): Promise<void> {
  process.env.TEST_DATABASE_ADMIN_URL ??= 'postgres://postgres@127.0.0.1:5432/upright_test';
  process.env.DB_ROLE_PASSWORD ??= 'upright-local';
  await migrate(process.env.TEST_DATABASE_ADMIN_URL, process.env.DB_ROLE_PASSWORD);
}
