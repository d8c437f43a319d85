/**
 * Trace context across the two hops a request takes between processes (decision 0075), on real
 * Redis: a transport call (the signed envelope in, the handler's span out) and a BullMQ job (the
 * job in, the worker's span out). Each side's span is the other's child, in one trace.
 */
import { SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { searchIndexJobs, SearchIndexJobs } from '@upright/contracts';
import {
  derivePairSecret,
  RedisStreamsClient,
  RedisStreamsServer,
  type TransportPolicy,
} from '@upright/transport';
import { Worker } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { lastValueFrom } from 'rxjs';
import { bullmqOptions } from '../src/queues/bullmq-options';
import { QueueProducer } from '../src/queues/queue-producer';
import { deleteKeys, eventually, testInfra } from '../src/testing';
import { nameTracedProcess } from '../src/tracing/process';
import { startTracing } from '../src/tracing/start-tracing';

const exported = new InMemorySpanExporter();
const sdk = startTracing({ exportTo: [new SimpleSpanProcessor({ exporter: exported })] });
// Spans are exported once the process has a name (startService gives it).
nameTracedProcess('tracing-test');
const tracer = trace.getTracer('test');
const { redisUrl } = testInfra();
const prefix = `test-tracing-${randomUUID().slice(0, 8)}`;

const policy: TransportPolicy = {
  callersOf: () => ['bff'],
  isSealed: () => false,
  emitterOf: () => undefined,
  subscribersOf: () => [],
  mayRepeat: () => true,
  onlyReads: () => true,
};
const trustOf = (identity: string, peer: string) => ({
  identity,
  keys: { [peer]: derivePairSecret('tracing-tests', identity, peer) },
  policy,
});

/** Runs `work` inside a span of its own, as the BFF's HTTP span holds a request's calls. */
async function inRequest<T>(work: () => Promise<T>) {
  return tracer.startActiveSpan('request', async (span) => {
    try {
      return { result: await work(), request: span.spanContext() };
    } finally {
      span.end();
    }
  });
}

const spanNamed = (name: string, kind: SpanKind) =>
  exported.getFinishedSpans().find((span) => span.name === name && span.kind === kind);

afterAll(async () => {
  await sdk.shutdown();
  await deleteKeys(redisUrl, prefix);
});

describe('a transport call', () => {
  const server = new RedisStreamsServer({
    redisUrl,
    keyPrefix: prefix,
    service: 'rankings',
    trust: trustOf('rankings', 'bff'),
  });
  const client = new RedisStreamsClient({
    redisUrl,
    keyPrefix: prefix,
    trust: trustOf('bff', 'rankings'),
  });

  beforeAll(async () => {
    server.addHandler('rankings.traced.read', async () => trace.getActiveSpan()?.spanContext());
    await new Promise<void>((resolve, reject) =>
      server.listen((error?: unknown) => (error ? reject(error as Error) : resolve())),
    );
    await client.connect();
  });

  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it('is handled in a span whose parent is the caller’s, in the caller’s trace', async () => {
    const { result: handled, request } = await inRequest(() =>
      lastValueFrom(client.send('rankings.traced.read', {})),
    );
    const call = await eventually('the call span', () =>
      spanNamed('rankings.traced.read', SpanKind.CLIENT),
    );
    const handling = await eventually('the handling span', () =>
      spanNamed('rankings.traced.read', SpanKind.SERVER),
    );
    expect(call.parentSpanContext?.spanId).toBe(request.spanId);
    expect(handling.parentSpanContext?.spanId).toBe(call.spanContext().spanId);
    expect(handling.spanContext().traceId).toBe(request.traceId);
    // The handler ran inside its span (its logs and queries are in the trace too).
    expect(handled).toMatchObject({ spanId: handling.spanContext().spanId });
    expect(handling.attributes).toMatchObject({
      'rpc.method': 'rankings.traced.read',
      'upright.transport.caller': 'bff',
    });
  });
});

describe('a BullMQ job', () => {
  const config = { REDIS_URL: redisUrl, QUEUE_PREFIX: prefix };
  const producer = new QueueProducer(searchIndexJobs, config);
  let worker: Worker | undefined;

  afterAll(async () => {
    await worker?.close();
    await producer.close();
  });

  it('carries the adding span’s context; the worker processes it in a child span', async () => {
    const processed = new Promise<string | undefined>((resolve) => {
      worker = new Worker(
        searchIndexJobs.queue,
        async () => resolve(trace.getActiveSpan()?.spanContext().spanId),
        bullmqOptions(config),
      );
    });
    const { result: job, request } = await inRequest(() =>
      producer.add(SearchIndexJobs.rebuild, { apps: ['companies'] }),
    );
    const workerSpanId = await processed;
    expect(job.opts.telemetry?.metadata).toContain(request.traceId);

    const added = await eventually('the producer span', () =>
      exported
        .getFinishedSpans()
        .find((span) => span.kind === SpanKind.PRODUCER && span.name.startsWith('add ')),
    );
    // The consumer span ends once BullMQ has stored the job's result, after the processor.
    const processing = await eventually('the consumer span', async () =>
      exported
        .getFinishedSpans()
        .find(
          (span) => span.kind === SpanKind.CONSUMER && span.spanContext().spanId === workerSpanId,
        ),
    );
    expect(added.parentSpanContext?.spanId).toBe(request.spanId);
    expect(processing?.parentSpanContext?.spanId).toBe(added.spanContext().spanId);
    expect(processing?.spanContext().traceId).toBe(request.traceId);
  });
});
