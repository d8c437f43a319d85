import type { Context } from '@opentelemetry/api';
import { SpanKind, type Span as QueueSpan, type Telemetry, type Tracer } from 'bullmq';
import { BullMQOtel } from 'bullmq-otel';

/**
 * BullMQ's own OpenTelemetry support (decision 0075): `add` opens a producer span and stores its
 * context in the job (`opts.telemetry.metadata`, beside its data), a Worker processes the job in
 * a consumer span that is its child, so a mail sent for a request is in that request's trace.
 */
const otel = new BullMQOtel('bullmq');

/** A span that records nothing and leaves the active context as it was. */
const UNTRACED: QueueSpan = {
  setSpanOnContext: (ctx: Context) => ctx,
  setAttribute: () => undefined,
  setAttributes: () => undefined,
  addEvent: () => undefined,
  recordException: () => undefined,
  end: () => undefined,
};

/**
 * Only adding and processing jobs are traced. BullMQ's housekeeping (a worker's wait for its next
 * job, stalled-job checks, pauses) runs on timers outside any request: each would start a trace
 * of its own, with the Redis calls inside it, every few seconds.
 */
const tracer: Tracer<Context> = {
  startSpan(name, options, parent) {
    const kind = options?.kind;
    if (kind !== SpanKind.PRODUCER && kind !== SpanKind.CONSUMER) return UNTRACED;
    return otel.tracer.startSpan(name, options, parent);
  },
};

export const queueTelemetry: Telemetry<Context> = {
  tracer,
  contextManager: otel.contextManager,
};
