/**
 * `make load` holds each journey to the thresholds the k6 scripts declare
 * (infra/k6/lib/scenarios.ts journeyThresholds, from the same BUDGETS), named as k6 names them.
 */
import type { JourneyName } from '../k6/lib/journeys';
import { BUDGETS, CHECKS_PASS_RATE } from '../k6/lib/load-model';
import type { Figures } from './figures';

export interface ThresholdOutcome {
  /** k6's name: `<metric>{journey:…} <expression>`. */
  name: string;
  measured: string;
  ok: boolean;
}

export interface JourneyMeasurement {
  /** Every request of the journey (the failed-request rate). */
  figures: Figures;
  /** Its 2xx answers only (latency, as k6's `expected_response:true`). */
  expected: Figures;
  /** Checks made and failed (journeys.ts verify). */
  checks: number;
  failedChecks: number;
  dropped: number;
}

export function evaluateThresholds(
  journey: JourneyName,
  measured: JourneyMeasurement,
): ThresholdOutcome[] {
  const budget = BUDGETS[journey];
  const { figures, expected, checks, failedChecks, dropped } = measured;
  const failedRate = figures.requests > 0 ? figures.errors / figures.requests : 0;
  // A journey that made no check at all proves nothing: k6 would pass it vacuously, this does not.
  const checkRate = checks > 0 ? (checks - failedChecks) / checks : 0;
  const metric = (name: string, expression: string) => `${name}{journey:${journey}} ${expression}`;
  const latency = (expression: string) =>
    `http_req_duration{journey:${journey},expected_response:true} ${expression}`;
  return [
    {
      name: latency(`p(95)<${budget.p95Ms}`),
      measured: `${expected.p95.toFixed(1)} ms`,
      ok: expected.p95 < budget.p95Ms,
    },
    {
      name: latency(`p(99)<${budget.p99Ms}`),
      measured: `${expected.p99.toFixed(1)} ms`,
      ok: expected.p99 < budget.p99Ms,
    },
    {
      name: metric('http_req_failed', `rate<${budget.errorRate}`),
      measured: failedRate.toFixed(4),
      ok: failedRate < budget.errorRate,
    },
    {
      name: metric('checks', `rate>${CHECKS_PASS_RATE}`),
      measured: `${checkRate.toFixed(4)} of ${checks}`,
      ok: checkRate > CHECKS_PASS_RATE,
    },
    {
      name: `dropped_iterations{scenario:${journey}} count<1`,
      measured: String(dropped),
      ok: dropped < 1,
    },
  ];
}
