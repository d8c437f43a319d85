import type { IncomingMessage } from 'node:http';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { NodeSDK, resources } from '@opentelemetry/sdk-node';
// The SDK's own reading of OTEL_TRACES_EXPORTER, OTEL_EXPORTER_OTLP_* and OTEL_BSP_*: NodeSDK
// uses it only when given no span processors, and the attribute policy must come first.
import { getSpanProcessorsFromEnv } from '@opentelemetry/sdk-node/build/src/utils';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import { AttributePolicy } from './attribute-policy';
import { tracingStartedWith } from './process';

/** Probes and scrapes: every few seconds, from the kubelet and Prometheus, never a user. */
function isProbeOrScrape(request: IncomingMessage): boolean {
  const url = request.url ?? '';
  return url.startsWith('/health') || url === '/metrics';
}

/**
 * The instrumentations of decision 0075. Database and Redis calls are traced only inside a
 * traced request or job (`requireParentSpan`): the transport's blocking reads and BullMQ's polls
 * would otherwise each start a trace of their own.
 */
function instrumentations() {
  return [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: isProbeOrScrape,
      requireParentforOutgoingSpans: true,
    }),
    // Only to name the HTTP span after its route: middleware spans would be most of a trace.
    new ExpressInstrumentation({
      ignoreLayersType: [
        ExpressLayerType.MIDDLEWARE,
        ExpressLayerType.ROUTER,
        ExpressLayerType.REQUEST_HANDLER,
      ],
    }),
    new IORedisInstrumentation({
      requireParentSpan: true,
      // The command only: keys and values may name a member (a budget per email address).
      dbStatementSerializer: (command) => command,
    }),
    new PgInstrumentation({ requireParentSpan: true }),
    // trace_id and span_id on every log line written inside a span; no log export.
    new PinoInstrumentation({ disableLogSending: true }),
  ];
}

export interface TracingOptions {
  /** Where spans go instead of the exporters the OTEL_* variables name (tests). */
  exportTo?: SpanProcessor[];
}

/**
 * Starts the SDK from the standard OTEL_* variables (exporter, endpoint, protocol, sampler,
 * OTEL_SERVICE_NAME), traces only: metrics stay Prometheus', logs stay pino's.
 */
export function startTracing(options: TracingOptions = {}): NodeSDK {
  let name: (service: string) => void = () => undefined;
  const named = new Promise<string>((resolve) => (name = resolve));
  const sdk = new NodeSDK({
    // Below the detected OTEL_SERVICE_NAME, which wins when set.
    resource: resources
      .defaultResource()
      .merge(resources.resourceFromAttributes({ 'service.name': named })),
    instrumentations: instrumentations(),
    spanProcessors: [
      new AttributePolicy(),
      ...(options.exportTo ?? getSpanProcessorsFromEnv(undefined)),
    ],
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  tracingStartedWith({ name, flush: () => sdk.shutdown() });
  return sdk;
}
