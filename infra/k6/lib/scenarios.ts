/**
 * Scenario and threshold builders: every scenario is an open model (constant-arrival-rate:
 * iterations start at the given rate whether or not the system keeps up, as real visitors do)
 * and carries its own thresholds, which fail the run (k6 exits non-zero) when crossed. VUs are
 * sized from the journey's longest iteration (load-model.ts), so a healthy system drops none.
 */
import type { Scenario } from 'k6/options';
import type { JourneyName } from './journeys.ts';
import { BUDGETS, CHECKS_PASS_RATE, vusFor } from './load-model.ts';
import { settings } from './settings.ts';

export { BUDGETS } from './load-model.ts';

/** VUs for `rate` iterations/s of a journey: pre-allocated, and the cap (twice that, or MAX_VUS). */
export function vuAllocation(journey: JourneyName, rate: number) {
  const preAllocatedVUs = vusFor(journey, rate, settings.thinkScale);
  return { preAllocatedVUs, maxVUs: settings.maxVus(preAllocatedVUs * 2) };
}

/**
 * Iterations per minute for `rate` per second: k6 takes whole iterations per time unit, so a
 * fractional RATE (0.5/s) is given per minute (30/min), never rounded to 0 or 1 per second.
 */
export function perMinute(rate: number): number {
  return Math.max(1, Math.round(rate * 60));
}

export function arrivalScenario(journey: JourneyName, exec: string, rate: number): Scenario {
  return {
    executor: 'constant-arrival-rate',
    exec,
    rate: perMinute(rate),
    timeUnit: '1m',
    duration: settings.duration,
    ...vuAllocation(journey, rate),
    tags: { journey },
  };
}

export function journeyThresholds(journey: JourneyName): Record<string, string[]> {
  const budget = BUDGETS[journey];
  const p95 = settings.p95Ms(budget.p95Ms);
  return {
    // Latency of the answers that succeeded: a fast 429 or 503 must not make p95 look good, and
    // a slow timeout is already counted once, as a failed request.
    [`http_req_duration{journey:${journey},expected_response:true}`]: [
      `p(95)<${p95}`,
      `p(99)<${budget.p99Ms}`,
    ],
    [`http_req_failed{journey:${journey}}`]: [`rate<${budget.errorRate}`],
    // Every journey checks its answers (journeys.ts): wrong data, or none where there must be some.
    [`checks{journey:${journey}}`]: [`rate>${CHECKS_PASS_RATE}`],
    // An open model drops iterations when no VU is free: the system did not keep up.
    [`dropped_iterations{scenario:${journey}}`]: ['count<1'],
  };
}
