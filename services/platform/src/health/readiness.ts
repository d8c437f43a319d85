/** One dependency a process needs before it can take traffic. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

export interface ReadinessReport {
  status: 'ok' | 'unavailable';
  checks: Record<string, 'ok' | string>;
}

const CHECK_TIMEOUT_MS = 2000;

function withTimeout(promise: Promise<void>, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not answer in time`)),
      CHECK_TIMEOUT_MS,
    );
    promise.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Runs every check in parallel; a slow dependency counts as down rather than hanging the probe. */
export async function runReadinessChecks(
  checks: readonly ReadinessCheck[],
): Promise<ReadinessReport> {
  const results = await Promise.allSettled(
    checks.map((readiness) => withTimeout(readiness.check(), readiness.name)),
  );
  const report: ReadinessReport = { status: 'ok', checks: {} };
  results.forEach((result, index) => {
    const name = checks[index]!.name;
    if (result.status === 'fulfilled') {
      report.checks[name] = 'ok';
    } else {
      report.status = 'unavailable';
      report.checks[name] = (result.reason as Error).message;
    }
  });
  return report;
}
