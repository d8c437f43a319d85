/**
 * handleSummary of every script: the end-of-test summary as JSON (everything k6 measured) and
 * JUnit XML (one test case per threshold, failed when crossed) for CI, plus a short text on
 * stdout. Plain TypeScript without imports (unit-tested in infra/k6/test/load-model.spec.ts).
 */

/** The part of k6's summary data this reads. */
export interface SummaryData {
  metrics: Record<
    string,
    {
      type?: string;
      values?: Record<string, number>;
      thresholds?: Record<string, { ok: boolean }>;
    }
  >;
  state?: { testRunDurationMs?: number };
}

function xmlEscape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

interface ThresholdResult {
  metric: string;
  threshold: string;
  ok: boolean;
  values: Record<string, number>;
}

export function thresholdResults(data: SummaryData): ThresholdResult[] {
  return Object.entries(data.metrics).flatMap(([metric, figures]) =>
    Object.entries(figures.thresholds ?? {}).map(([threshold, { ok }]) => ({
      metric,
      threshold,
      ok,
      values: figures.values ?? {},
    })),
  );
}

function measured(values: Record<string, number>): string {
  return Object.entries(values)
    .map(([name, value]) => `${name}=${Number.isInteger(value) ? value : value.toFixed(3)}`)
    .join(' ');
}

export function junitReport(script: string, data: SummaryData): string {
  const results = thresholdResults(data);
  const failures = results.filter((result) => !result.ok).length;
  const seconds = ((data.state?.testRunDurationMs ?? 0) / 1000).toFixed(3);
  const cases = results.map((result) => {
    const name = xmlEscape(`${result.metric} ${result.threshold}`);
    const open = `    <testcase classname="k6.${xmlEscape(script)}" name="${name}">`;
    if (result.ok) return `${open}</testcase>`;
    const message = xmlEscape(`threshold crossed: ${measured(result.values)}`);
    return `${open}\n      <failure message="${message}"></failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites tests="${results.length}" failures="${failures}" time="${seconds}">`,
    `  <testsuite name="k6 ${xmlEscape(script)}" tests="${results.length}" failures="${failures}" time="${seconds}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

export function textReport(script: string, data: SummaryData): string {
  const lines = thresholdResults(data).map(
    (result) =>
      `  ${result.ok ? '✓' : '✗'} ${result.metric} ${result.threshold}  (${measured(result.values)})`,
  );
  const failed = thresholdResults(data).filter((result) => !result.ok).length;
  return [
    `${script}: ${failed === 0 ? 'every threshold passed' : `${failed} threshold(s) crossed`}`,
    ...lines,
    '',
  ].join('\n');
}

/** What handleSummary returns: file name → content (`stdout` is the terminal). */
export function summaryFiles(
  script: string,
  dir: string,
  data: SummaryData,
): Record<string, string> {
  return {
    stdout: textReport(script, data),
    [`${dir}/${script}.json`]: JSON.stringify(data, null, 2),
    [`${dir}/${script}.junit.xml`]: junitReport(script, data),
  };
}
