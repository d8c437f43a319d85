/**
 * A pooled PostgreSQL connection outlives a lull (DATABASE_IDLE_CLOSE_MS). pg's own default
 * closed a connection idle for 10 s, so a crowd arriving after a quiet spell paid for opening
 * every replica's connections again: in `make load-crowd` the first open step after the crowd,
 * at 20 iterations/s, had p99s of 555–893 ms against 51–156 ms in the next. This test waits
 * that long in real time: the pool's idle timer is what it checks.
 */
import type { SqlDriverAdapter } from '@prisma/driver-adapter-utils';
import { createPgAdapter } from '../src/database/postgres';

/** Set for every integration suite by infra/local/jest-integration-setup.ts. */
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL!;
/** pg-pool's default `idleTimeoutMillis`. */
const PG_DEFAULT_IDLE_MS = 10_000;

const backendPid = async (connection: SqlDriverAdapter) =>
  Number(
    (await connection.queryRaw({ sql: 'SELECT pg_backend_pid()', args: [], argTypes: [] }))
      .rows[0]![0],
  );

it("keeps an idle connection open past pg's 10 s default", async () => {
  const adapter = createPgAdapter({ DATABASE_URL: ADMIN_URL, DATABASE_POOL_SIZE: 1 });
  const connection = await adapter.connect();
  try {
    const before = await backendPid(connection);
    await new Promise((resolve) => setTimeout(resolve, PG_DEFAULT_IDLE_MS + 1500));
    expect(await backendPid(connection)).toBe(before);
  } finally {
    await connection.dispose();
  }
}, 30_000);
