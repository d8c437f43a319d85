/**
 * `import '@upright/platform/tracing'`, the first line of every process's main.ts: starts the
 * OpenTelemetry SDK when the OTEL_* variables ask for it (decision 0075), before anything it
 * instruments (http, express, ioredis, pg, pino) is loaded. Without an endpoint or exporter it
 * loads nothing but its settings check.
 */
import { tracingProblems, tracingRequested } from './settings';

const problems = tracingProblems(process.env);
if (problems.length > 0) {
  // The same line and exit code as any other configuration error (start-service.ts).
  const msg = `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`;
  console.error(JSON.stringify({ level: 'fatal', msg }));
  process.exit(78); // EX_CONFIG
}
if (tracingRequested(process.env)) {
  // Required here, not imported above: a process that does not trace never loads the SDK.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require('./start-tracing') as typeof import('./start-tracing')).startTracing();
}
