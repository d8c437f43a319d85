/**
 * Everything a run reads from its environment (`k6 run -e NAME=value` or the shell):
 *
 *   BASE_URL          the site, e.g. https://upright.example.com (default http://localhost:8080)
 *   RATE              arrival rate of the scenario, iterations per second (per scenario default)
 *   DURATION          how long to hold that rate, e.g. 5m (default 2m)
 *   MAX_VUS           cap on concurrent iterations (default 20 × RATE, at least 50)
 *   THINK_SCALE       multiplies think times: 1 = a person, 0 = back to back (default 1)
 *   MEMBER_EMAIL, MEMBER_PASSWORD   a member account for member_session
 *   P95_MS            overrides every scenario's p95 latency threshold
 */

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
  maxVus: (rate: number) => numberFrom('MAX_VUS', Math.max(50, Math.ceil(rate * 20))),
  p95Ms: (fallback: number) => numberFrom('P95_MS', fallback),
  member: () => {
    const email = __ENV.MEMBER_EMAIL;
    const password = __ENV.MEMBER_PASSWORD;
    if (!email || !password)
      throw new Error('member_session needs MEMBER_EMAIL and MEMBER_PASSWORD');
    return { email, password };
  },
};
