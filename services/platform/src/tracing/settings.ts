import { z } from 'zod';

/**
 * The SDK's own variables (decision 0075), checked before it starts so a typo stops the process
 * like any other configuration error instead of silently tracing nothing (the SDK only warns).
 * Imports nothing the SDK instruments: this runs before any instrumented module loads.
 */
const SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

const endpoint = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

const tracingSchema = z.object({
  OTEL_SDK_DISABLED: z.enum(['true', 'false']).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: endpoint.optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint.optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(['http/protobuf', 'http/json', 'grpc']).optional(),
  OTEL_TRACES_EXPORTER: z.enum(['otlp', 'console', 'none']).optional(),
  OTEL_TRACES_SAMPLER: z.enum(SAMPLERS).optional(),
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
});

/** What is wrong with the tracing variables, one line per variable, values never echoed. */
export function tracingProblems(env: NodeJS.ProcessEnv): string[] {
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = tracingSchema.safeParse(set);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

/**
 * Whether this process traces: an OTLP endpoint is given, or another exporter is named (the
 * console, to print spans locally), and the SDK is not disabled. Otherwise no SDK is loaded at
 * all and the transport's and BullMQ's calls into the OpenTelemetry API are its no-ops.
 */
export function tracingRequested(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return false;
  return Boolean(
    env.OTEL_EXPORTER_OTLP_ENDPOINT ||
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ||
    env.OTEL_TRACES_EXPORTER,
  );
}
