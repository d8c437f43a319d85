/**
 * Tracing in the chart (decision 0075): off by default, and when enabled the OpenTelemetry SDK's
 * variables in every Node process's Deployment, each named after its component, with values a
 * process's tracing entry point accepts and starts the SDK with; the schema refuses what the SDK
 * would not take.
 */
import { spawnSync } from 'node:child_process';
import {
  componentOf,
  NODE_COMPONENTS,
  ofKind,
  renderChart,
  repoRoot,
  type Manifest,
} from './chart';

const ENDPOINT = 'http://otel-collector.observability:4318';

/**
 * What the first line of every process's main.ts (`import '@upright/platform/tracing'`) does
 * with `env`: its exit status (78: a variable refused) and the tracer provider it leaves.
 */
function startTracing(env: Record<string, string>): { status: number | null; provider: string } {
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `require('./services/platform/src/tracing/index.ts');
       const { trace } = require('@opentelemetry/api');
       console.log(trace.getTracerProvider().getDelegate().constructor.name);`,
    ],
    { cwd: repoRoot, env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' },
  );
  return { status: run.status, provider: run.stdout.trim() };
}

/** Each Deployment's OTEL_* variables, by component. */
function otelEnv(sets: string[]): Record<string, Record<string, string>> {
  return Object.fromEntries(
    ofKind(renderChart([], sets), 'Deployment').map((deployment) => {
      const env: Manifest[] = deployment.spec.template.spec.containers[0].env ?? [];
      const otel = env.filter((variable) => String(variable.name).startsWith('OTEL_'));
      return [
        componentOf(deployment),
        Object.fromEntries(otel.map((variable) => [variable.name, variable.value])),
      ];
    }),
  );
}

describe('chart: tracing', () => {
  it('sets no OTEL_ variable by default', () => {
    for (const [component, env] of Object.entries(otelEnv([]))) {
      expect({ component, env }).toEqual({ component, env: {} });
    }
  });

  it('names every Node process and points it at the collector, parent-based at 10 %', () => {
    const byComponent = otelEnv(['tracing.enabled=true', `tracing.endpoint=${ENDPOINT}`]);
    for (const component of NODE_COMPONENTS) {
      const env = byComponent[component];
      expect({ component, env }).toEqual({
        component,
        env: {
          OTEL_SERVICE_NAME: component,
          OTEL_EXPORTER_OTLP_ENDPOINT: ENDPOINT,
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
          OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
          OTEL_TRACES_SAMPLER_ARG: '0.1',
        },
      });
    }
    // nginx reads no OTEL_ variable.
    expect(byComponent.web).toEqual({});
    // A process given them starts the SDK (no variable refused); without them it would stay NoopTracerProvider.
    expect(startTracing(byComponent.bff!)).toEqual({ status: 0, provider: 'TracerProvider' });
  });

  it('passes the protocol and a fraction given with --set', () => {
    const { rankings } = otelEnv([
      'tracing.enabled=true',
      'tracing.endpoint=http://collector:4317',
      'tracing.protocol=grpc',
      'tracing.samplerRatio=0.05',
    ]);
    expect(rankings).toMatchObject({
      OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      OTEL_TRACES_SAMPLER_ARG: '0.05',
    });
    expect(startTracing(rankings!)).toEqual({ status: 0, provider: 'TracerProvider' });
  });

  it.each([
    [['tracing.enabled=true'], /tracing\.endpoint/],
    [['tracing.enabled=true', 'tracing.endpoint=otel-collector:4318'], /tracing\.endpoint/],
    [['tracing.samplerRatio=1.5'], /tracing\.samplerRatio/],
    [['tracing.samplerRatio=2'], /tracing\.samplerRatio/],
    [['tracing.protocol=thrift'], /tracing\.protocol/],
    [['tracing.sampler=always_on'], /tracing/],
  ])('refuses %j', (sets, message) => {
    expect(() => renderChart([], sets)).toThrow(message);
  });
});
