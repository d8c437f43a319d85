import { randomUUID } from 'node:crypto';

/** A transport prefix of the bench run's own: its processes never meet a running stack's. */
export function benchTransportPrefix(): string {
  return `bench-${randomUUID().slice(0, 8)}`;
}

/**
 * One load generator is one client: the per-client API budget would refuse it at once, and the
 * wear suite's sign-ins and sign-ups would meet the per-address budgets (load-test mode). The
 * built app is served (make build-web): pages are read like API answers (decision 0039).
 */
export const BENCH_BFF_ENV: Readonly<Record<string, string>> = {
  RATE_LIMIT_API: '999999/1',
  RATE_LIMIT_RENDERS: '999999/1',
  LOAD_TEST_CLIENTS: '127.0.0.1',
};
