/**
 * PostgreSQL going away under a process (decision 0051), on the pg driver
 * adapter every service's Prisma client runs on: a server that refuses connections and a
 * connection a restart terminates are both answered `service_unavailable` (503 with
 * `Retry-After` at the BFF) well within a request's deadline, and the next query works again
 * without a process restart. The shared PostgreSQL is not restarted: its restart is what
 * `pg_terminate_backend` does to a connection, and a stopped server is a port nobody listens on.
 */
import type { SqlDriverAdapter } from '@prisma/driver-adapter-utils';
import { Client } from 'pg';
import { createPgAdapter } from '../src/database/postgres';
import { remoteFailureOf } from '../src/messages/remote-failure.filter';
import { freePort } from '../src/testing/local-resources';
import { eventually } from '../src/testing/polling';

/** Set for every integration suite by infra/local/jest-integration-setup.ts. */
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL!;

const query = (connection: SqlDriverAdapter, sql: string) =>
  connection.queryRaw({ sql, args: [], argTypes: [] });

async function failureOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('the query succeeded');
}

it('answers service_unavailable at once while PostgreSQL refuses connections', async () => {
  const adapter = createPgAdapter({
    DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/upright`,
    DATABASE_POOL_SIZE: 2,
  });
  const connection = await adapter.connect();
  try {
    const error = await failureOf(query(connection, 'SELECT 1'));
    expect(remoteFailureOf(error)).toMatchObject({ code: 'service_unavailable' });
  } finally {
    await connection.dispose();
  }
});

it('answers service_unavailable when a restart ends a connection, then works again on its own', async () => {
  const adapter = createPgAdapter({ DATABASE_URL: ADMIN_URL, DATABASE_POOL_SIZE: 1 });
  const connection = await adapter.connect();
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    // One pooled connection: the query below runs on this session.
    const before = await query(connection, 'SELECT pg_backend_pid()');
    const pid = Number(before.rows[0]![0]);
    const running = failureOf(query(connection, 'SELECT pg_sleep(30)'));
    await eventually('the query to be running', async () => {
      const activity = await admin.query(
        `SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND query LIKE 'SELECT pg_sleep%'`,
        [pid],
      );
      return activity.rowCount === 1;
    });
    // What a PostgreSQL shutdown does to every session: "terminating connection due to
    // administrator command" (57P01), here to the one running a query.
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);

    expect(remoteFailureOf(await running)).toMatchObject({ code: 'service_unavailable' });
    // The pool dropped the dead connection; the next query opens a new one.
    const after = await query(connection, 'SELECT pg_backend_pid()');
    expect(Number(after.rows[0]![0])).not.toBe(pid);
  } finally {
    await admin.end();
    await connection.dispose();
  }
});
