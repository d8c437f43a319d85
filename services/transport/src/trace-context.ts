import {
  context,
  propagation,
  ROOT_CONTEXT,
  type Context,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

/**
 * W3C trace context as a message carries it (decision 0075): the `traceparent` of the span that
 * sent it and, when an upstream set one, its `tracestate`. Both travel inside the signed part of
 * the envelope, so nobody between two processes can graft a message onto another trace.
 */
export interface TraceCarrier {
  traceparent: string;
  tracestate?: string;
}

/**
 * Through the OpenTelemetry API only: without a registered SDK (tracing off) every call below is
 * the API's no-op (no span recorded, nothing injected, so no field is added to a message).
 */
const tracer = trace.getTracer('@upright/transport');

/** What names a call on the transport, in RPC semantic conventions; never the data. */
function callAttributes(service: string, pattern: string) {
  return { 'rpc.system': 'upright_streams', 'rpc.service': service, 'rpc.method': pattern };
}

/** The context a message carries, or undefined when no sampled span is active. */
export function injectTrace(active: Context): TraceCarrier | undefined {
  const carrier: Partial<TraceCarrier> = {};
  propagation.inject(active, carrier);
  if (!carrier.traceparent) return undefined;
  return carrier.tracestate
    ? { traceparent: carrier.traceparent, tracestate: carrier.tracestate }
    : { traceparent: carrier.traceparent };
}

/** The sender's context for a message's handling; the root one (a new trace) without a carrier. */
export function extractTrace(carrier: TraceCarrier | undefined): Context {
  return carrier ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
}

/** A span in `parent` and the context it is active in. */
export interface ActiveSpan {
  span: Span;
  context: Context;
}

function started(name: string, kind: SpanKind, parent: Context, attributes: object): ActiveSpan {
  const span = tracer.startSpan(name, { kind, attributes: { ...attributes } }, parent);
  return { span, context: trace.setSpan(parent, span) };
}

/** The caller's span of a request, a child of whatever is active (the BFF's HTTP request). */
export function startCallSpan(service: string, pattern: string): ActiveSpan {
  return started(pattern, SpanKind.CLIENT, context.active(), callAttributes(service, pattern));
}

/** The handling of a request, a child of its caller's span. */
export function startHandleSpan(
  service: string,
  pattern: string,
  caller: string,
  carrier: TraceCarrier | undefined,
): ActiveSpan {
  return started(pattern, SpanKind.SERVER, extractTrace(carrier), {
    ...callAttributes(service, pattern),
    'upright.transport.caller': caller,
  });
}

/** The emission of an event, a child of whatever is active. */
export function startEmitSpan(pattern: string): ActiveSpan {
  return started(`${pattern} publish`, SpanKind.PRODUCER, context.active(), {
    'messaging.system': 'upright_streams',
    'messaging.destination.name': pattern,
  });
}

/** The handling of an event by one subscriber, a child of its emission. */
export function startEventSpan(pattern: string, carrier: TraceCarrier | undefined): ActiveSpan {
  return started(`${pattern} process`, SpanKind.CONSUMER, extractTrace(carrier), {
    'messaging.system': 'upright_streams',
    'messaging.destination.name': pattern,
  });
}

/**
 * Marks a span failed with the error's code only: a message may quote what a member typed, so
 * it stays out of the trace (decision 0075's attribute policy).
 */
export function markFailed(span: Span, code: string): void {
  span.setAttribute('error.type', code);
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/** The error code of a settled call's `err` (a RemoteErrorPayload, or a transport error). */
export function errorCodeOf(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    if (error instanceof Error) return error.name;
  }
  return 'internal';
}
