/**
 * Scenario and threshold builders: every scenario is an open model (constant-arrival-rate:
 * iterations start at the given rate whether or not the system keeps up, as real visitors do)
 * and carries its own thresholds, which fail the run (k6 exits non-zero) when crossed.
 */
import type { Scenario } from 'k6/options';
import type { JourneyName } from './journeys.ts';
import { settings } from './settings.ts';

export interface JourneyBudget {
  /** p95 of every request of the journey, in milliseconds. */
  p95Ms: number;
  /** p99 budget, in milliseconds. */
  p99Ms: number;
  /** Largest share of failed requests (status not 2xx, or no answer). */
  errorRate: number;
}

/** The service levels each journey is held to (the load testers' README explains them). */
export const BUDGETS: Record<JourneyName, JourneyBudget> = {
  visitor_browse: { p95Ms: 500, p99Ms: 1200, errorRate: 0.01 },
  search_as_you_type: { p95Ms: 300, p99Ms: 800, errorRate: 0.01 },
  member_session: { p95Ms: 800, p99Ms: 2000, errorRate: 0.01 },
  // argon2id hashing makes sign-up the slowest write on purpose.
  signup: { p95Ms: 1500, p99Ms: 3000, errorRate: 0.02 },
};

export function arrivalScenario(journey: JourneyName, exec: string, rate: number): Scenario {
  return {
    executor: 'constant-arrival-rate',
    exec,
    rate: Math.max(1, Math.round(rate * 60)),
    timeUnit: '1m',
    duration: settings.duration,
    preAllocatedVUs: Math.max(5, Math.ceil(rate * 5)),
    maxVUs: settings.maxVus(rate),
    tags: { journey },
  };
}

export function journeyThresholds(journey: JourneyName): Record<string, string[]> {
  const budget = BUDGETS[journey];
  const p95 = settings.p95Ms(budget.p95Ms);
  return {
    [`http_req_duration{journey:${journey}}`]: [`p(95)<${p95}`, `p(99)<${budget.p99Ms}`],
    [`http_req_failed{journey:${journey}}`]: [`rate<${budget.errorRate}`],
    // Answers that were 2xx but wrong (e.g. no personal ranking for a member).
    [`checks{journey:${journey}}`]: ['rate>0.99'],
    // An open model drops iterations when no VU is free: the system did not keep up.
    [`dropped_iterations{scenario:${journey}}`]: ['count<1'],
  };
}
