/**
 * The numbers both runners share (k6 and `make load`): each journey's service levels, default
 * rate and shape (think time, requests), and from them the virtual users an open-model run needs.
 * Plain TypeScript (a type import only), so k6 and Node load it alike.
 */
import type { JourneyName } from './journeys';

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

/** Least share of passed checks per journey. */
export const CHECKS_PASS_RATE = 0.99;

/** Iterations per second of each journey's own script (signup: the burst's peak). */
export const DEFAULT_RATES: Record<JourneyName, number> = {
  visitor_browse: 5,
  search_as_you_type: 3,
  member_session: 1,
  signup: 2,
};

/** Iterations per second, in total, of the production mix (mixed-production.ts, `make load`). */
export const DEFAULT_MIX_RATE = 10;

/**
 * Think times vary by ±THINK_JITTER around the journey's nominal seconds (people do not read in
 * lockstep, and synchronised iterations would measure bursts the site never sees).
 */
export const THINK_JITTER = 0.5;

export function jitteredThink(seconds: number, random: () => number): number {
  return seconds * (1 - THINK_JITTER + 2 * THINK_JITTER * random());
}

/**
 * The most an iteration does: nominal think seconds, requests, and seconds of work of the client
 * itself (solving the captcha). infra/k6/test/load-model.spec.ts runs every journey to keep
 * these in step with journeys.ts.
 */
export const JOURNEY_SHAPE: Record<
  JourneyName,
  { thinkSeconds: number; requests: number; clientSeconds: number }
> = {
  visitor_browse: { thinkSeconds: 11, requests: 8, clientSeconds: 0 },
  search_as_you_type: { thinkSeconds: 1.6, requests: 7, clientSeconds: 0 },
  member_session: { thinkSeconds: 5, requests: 8, clientSeconds: 0 },
  // At the default difficulty k6's JavaScript SHA-256 takes seconds per captcha.
  signup: { thinkSeconds: 5, requests: 3, clientSeconds: 3 },
};

/** Longest iteration: the slowest think times, every request at its p95 budget, the client's work. */
export function iterationSeconds(journey: JourneyName, thinkScale: number): number {
  const shape = JOURNEY_SHAPE[journey];
  return (
    shape.thinkSeconds * (1 + THINK_JITTER) * thinkScale +
    (shape.requests * BUDGETS[journey].p95Ms) / 1000 +
    shape.clientSeconds
  );
}

/**
 * Virtual users an open model needs so that no iteration is dropped at `rate` (Little's law on
 * the longest iteration): each VU runs one iteration at a time.
 */
export function vusFor(journey: JourneyName, rate: number, thinkScale: number): number {
  return Math.max(1, Math.ceil(rate * iterationSeconds(journey, thinkScale)));
}
