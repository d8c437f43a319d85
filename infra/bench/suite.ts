/**
 * What the bench runner (run.ts) and its suites share: the context a suite is given, what one
 * comparison yields, and the industry every suite reads.
 */
import type { TransportIdentity } from '@upright/contracts';
import { Client } from 'pg';
import type { RunningProcess } from '../local/process-stack';
import type { record, Recorded } from './baseline';
import type { LoadFigures, LoadRun } from './wrk';

/** One read through the stack beside the bare server sending what the stack sent. */
export interface Comparison {
  what: string;
  bytes: number;
  bare: LoadFigures;
  stack: LoadFigures;
  /** stack req/s ÷ bare req/s (docs/product/rules.md#s11 asks ≥ 0.5) */
  throughputRatio: number;
  /** stack p99 ÷ bare p99 (asked ≤ 3) */
  p99Ratio: number;
  /**
   * With BENCH_ROUNDS > 1 the figures above are the median round's (by throughput ratio), and
   * each round's ratios are here, in the order measured.
   */
  rounds?: Array<{ throughputRatio: number; p99Ratio: number }>;
  /** With a baseline stack (BASELINE_REF, BASELINE_ENV): the same read on it, in the same rounds. */
  baseline?: AgainstBaseline;
}

/** One read on the baseline stack, measured in the same rounds as the stack under test. */
export interface AgainstBaseline {
  bytes: number;
  /** The baseline stack's median round and its own bare server's (the bytes it sent). */
  bare: LoadFigures;
  stack: LoadFigures;
  /** Per round: the baseline stack ÷ its bare server. */
  throughputRatios: number[];
  p99Ratios: number[];
  /** Per round: the stack under test ÷ the baseline stack (measured next to each other). */
  throughputAgainstBaseline: number[];
  p99AgainstBaseline: number[];
}

/** What a suite gets from the runner: the running stack and the measuring tools. */
export interface SuiteContext {
  bffUrl: string;
  /** The bench BFF's /metrics (its operations port). */
  bffMetricsUrl: string;
  transport: { redisUrl: string; keyPrefix: string };
  env: (name: string) => string;
  connections: number;
  seconds: number;
  /**
   * Starts another process of the stack on its bench port (stopped with the run); with
   * `basePort`, on its port in a stack based there instead (a second replica beside the first).
   */
  start(
    name: TransportIdentity,
    env: Record<string, string>,
    basePort?: number,
  ): Promise<RunningProcess>;
  /** The process of that name an earlier suite started, else a new one with `env`. */
  startOnce(name: TransportIdentity, env: Record<string, string>): Promise<RunningProcess>;
  /** Measures `load` against the stack and against a bare server sending `answer`. */
  compare(
    what: string,
    answer: Recorded,
    load: Omit<LoadRun, 'url' | 'connections' | 'seconds'> & { path: string; seconds?: number },
  ): Promise<Comparison>;
  measure(load: LoadRun): Promise<LoadFigures>;
  record: typeof record;
  print(title: string, rows: ReadonlyArray<[string, LoadFigures]>): void;
  save(suite: string, figures: object): void;
}

/** The active industry with the most companies (the largest answer). */
export async function largestIndustry(
  rankingsDatabaseUrl: string,
): Promise<{ industry: string; companies: number }> {
  const db = new Client({ connectionString: rankingsDatabaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ industry: string; companies: number }>(
      `SELECT membership.industry, count(*)::int AS companies
       FROM rankings.company_industries membership
       JOIN rankings.industries industry ON industry.industry = membership.industry
       WHERE industry.active
       GROUP BY membership.industry
       ORDER BY companies DESC, membership.industry
       LIMIT 1`,
    );
    if (rows.length === 0) throw new Error('no active industry: load the sample data first');
    return rows[0];
  } finally {
    await db.end();
  }
}
