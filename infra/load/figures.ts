/** What a load run measured, per journey and per step: pure functions, unit-tested. */

export interface Sample {
  journey: string;
  step: string;
  status: number;
  /** Request start to full body received. */
  ms: number;
  ok: boolean;
  /** The base URL it was sent to (which BFF replica). */
  target?: string;
  /** Epoch ms when it was sent. */
  at?: number;
  /** No answer within the client's timeout (status 0). */
  timedOut?: boolean;
  /** A 503 that said when to come back (Retry-After). */
  retryAfter?: boolean;
  /** A success answered `Cache-Control: public`: an answer the BFF keeps for everyone. */
  public?: boolean;
}

export interface Figures {
  requests: number;
  errors: number;
  /** Completed requests per second of the measured window. */
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of ascending values (p in 0–100); 0 for no values. */
export function percentile(sortedAscending: readonly number[], p: number): number {
  if (sortedAscending.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sortedAscending.length);
  return sortedAscending[Math.min(sortedAscending.length, Math.max(1, rank)) - 1];
}

export function summarize(samples: readonly Sample[], seconds: number): Figures {
  const latencies = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    requests: samples.length,
    errors: samples.filter((sample) => !sample.ok).length,
    rate: seconds > 0 ? samples.length / seconds : 0,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
  };
}

/** Figures per key (journey, or journey/step), in first-seen order. */
export function groupFigures(
  samples: readonly Sample[],
  seconds: number,
  keyOf: (sample: Sample) => string,
): Array<[string, Figures]> {
  const groups = new Map<string, Sample[]>();
  for (const sample of samples) {
    const key = keyOf(sample);
    const group = groups.get(key) ?? [];
    group.push(sample);
    groups.set(key, group);
  }
  return [...groups].map(([key, group]) => [key, summarize(group, seconds)]);
}

/** Status counts of the failed samples, e.g. { "signup.submit 429": 3 }. */
export function errorBreakdown(samples: readonly Sample[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const sample of samples) {
    if (sample.ok) continue;
    const key = `${sample.step} ${sample.status || 'no answer'}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
