/**
 * Everything a run reads from its environment (`k6 run -e NAME=value` or the shell):
 *
 *   BASE_URL          the site, e.g. https://upright.example.com (default http://localhost:8080)
 *   RATE              arrival rate of the scenario, iterations per second (per scenario default)
 *   DURATION          how long to hold that rate, e.g. 5m (default 2m)
 *   MAX_VUS           cap on concurrent iterations (default twice the VUs the rate needs)
 *   THINK_SCALE       multiplies think times: 1 = a person, 0 = back to back (default 1)
 *   MEMBERS_FILE      JSON file of members [{ "email": …, "password": … }] for member_session,
 *                     relative to the working directory (PWD) or absolute
 *   MEMBER_EMAIL, MEMBER_PASSWORD   or a pool of one member
 *   P95_MS            overrides every scenario's p95 latency threshold
 *   SUMMARY_DIR       where handleSummary writes <script>.json and <script>.junit.xml (default .)
 *   LOAD_TEST_TOKEN   the deployment's load-test token, sent in X-Load-Test (load-test mode)
 */
import { SharedArray } from 'k6/data';
import type { Member } from './journeys.ts';

function numberFrom(name: string, fallback: number): number {
  const text = __ENV[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a number ≥ 0, got "${text}"`);
  return value;
}

export const settings = {
  baseUrl: (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/+$/, ''),
  duration: __ENV.DURATION || '2m',
  thinkScale: numberFrom('THINK_SCALE', 1),
  rate: (fallback: number) => numberFrom('RATE', fallback),
  maxVus: (fallback: number) => numberFrom('MAX_VUS', fallback),
  p95Ms: (fallback: number) => numberFrom('P95_MS', fallback),
  summaryDir: (__ENV.SUMMARY_DIR || '.').replace(/\/+$/, ''),
  loadTestToken: __ENV.LOAD_TEST_TOKEN || undefined,
};

/**
 * k6's open() reads a relative path from the script's own folder (here infra/k6/lib), not from
 * where `k6 run` was typed: a relative MEMBERS_FILE is made absolute against the shell's working
 * directory (PWD, which k6 passes in with the system's environment).
 */
export function fromWorkingDirectory(file: string, workingDirectory: string | undefined): string {
  if (file.startsWith('/') || /^[A-Za-z]:[\\/]/.test(file)) return file;
  if (!workingDirectory)
    throw new Error(
      `MEMBERS_FILE "${file}" is relative and the working directory is unknown (no PWD): give an absolute path`,
    );
  return `${workingDirectory.replace(/\/+$/, '')}/${file.replace(/^\.\//, '')}`;
}

/**
 * The members member_session signs in as, shared by every VU (SharedArray: one copy in memory).
 * Call in the init context. Many members spread the per-account sign-in limits and sessions as
 * real traffic does; one member alone would measure its own account's limiter.
 */
export function memberPool(): Member[] {
  const file = __ENV.MEMBERS_FILE;
  const email = __ENV.MEMBER_EMAIL;
  const password = __ENV.MEMBER_PASSWORD;
  if (!file && !(email && password))
    throw new Error('member_session needs MEMBERS_FILE, or MEMBER_EMAIL and MEMBER_PASSWORD');
  return new SharedArray('members', () => {
    const members = file
      ? (JSON.parse(open(fromWorkingDirectory(file, __ENV.PWD))) as Member[])
      : [{ email, password } as Member];
    if (
      !Array.isArray(members) ||
      members.length === 0 ||
      !members.every((m) => m.email && m.password)
    )
      throw new Error(`${file}: a JSON list of { "email", "password" } is needed`);
    return members;
  }) as unknown as Member[];
}
