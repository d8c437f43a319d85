/**
 * One request, one trace (decision 0075), on the built processes as a deployment runs them, each
 * exporting OTLP/JSON over HTTP to a receiver in this test: a correction asked for at the BFF is
 * one trace through rankings, the mail queue and the mail worker's send, every span parent-linked
 * to the one before across the transport and the job, with no personal data in any attribute;
 * a read the BFF answers from its kept store is one short span. The sampler is parent-based with
 * a ratio of 0: only the requests whose ingress `traceparent` says "sampled" are traced.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually, testInfra } from '@upright/platform/testing';
import { Client } from 'pg';
import {
  startMaildev,
  startProcess,
  stopAll,
  type RunningProcess,
} from '../../local/process-stack';
import { portIn, stackProcess } from '../../stack/manifest';
import { insertTaxFixture, removeTaxFixture, type TaxFixture } from './support/admin-and-industry';
import { Browser, solvedCaptcha } from './support/accounts-stack';

/** A span as OTLP/JSON sends it, with the name of the process that sent it. */
interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes?: Array<{ key: string; value: Record<string, unknown> }>;
  events?: unknown[];
}

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string };
}

interface OtlpExport {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: Array<{ spans?: Array<Omit<ReceivedSpan, 'service'>> }>;
  }>;
}

// OTLP's span kinds.
const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

/** An OTLP/HTTP receiver (JSON): what an OpenTelemetry Collector's otlp receiver accepts. */
async function startReceiver(): Promise<{ server: Server; url: string; spans: ReceivedSpan[] }> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces' && request.headers['content-type'] === 'application/json') {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as OtlpExport;
        for (const { resource, scopeSpans } of body.resourceSpans ?? []) {
          const name = resource?.attributes?.find((a) => a.key === 'service.name');
          const service = name?.value.stringValue ?? '?';
          for (const scope of scopeSpans ?? []) {
            for (const span of scope.spans ?? []) spans.push({ ...span, service });
          }
        }
      }
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, spans };
}

/** A sampled W3C trace context, as an ingress that traces would send it. */
function ingressContext() {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceId, spanId, traceparent: `00-${traceId}-${spanId}-01` };
}

const durationMs = (span: ReceivedSpan) =>
  Number(BigInt(span.endTimeUnixNano) - BigInt(span.startTimeUnixNano)) / 1e6;

describe('one trace per request', () => {
  const infra = testInfra();
  const tag = randomUUID().slice(0, 6);
  const prefix = `tracing-${tag}`;
  const industry = `zz-${tag}-trace`;
  const fixture: TaxFixture = {
    tag,
    industry,
    reportId: 1_000_000 + Math.floor(Math.random() * 1_000_000_000),
    queuePrefix: prefix,
  };
  const email = `ada-${tag}@example.org`;
  const running: RunningProcess[] = [];
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let db: Client;
  let bffUrl: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    db = new Client({ connectionString: infra.adminUrl() });
    await db.connect();
    await insertTaxFixture(db, fixture, [
      ['A', 3],
      ['B', 1],
    ]);
    const base = 23_000 + Math.floor(Math.random() * 900) * 10;
    const [smtpPort, webPort] = [base + 7, base + 8];
    running.push(await startMaildev(smtpPort, webPort));
    const shared = {
      REDIS_URL: infra.redisUrl,
      TRANSPORT_PREFIX: prefix,
      QUEUE_PREFIX: prefix,
      PUBLIC_URL: `http://127.0.0.1:${base}`,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    };
    const start = (name: 'rankings' | 'mail' | 'bff', env: Record<string, string>) =>
      startProcess(name, stackProcess(name).entry, portIn(stackProcess(name), base), {
        ...shared,
        ...env,
      });
    running.push(await start('rankings', { DATABASE_URL: infra.databaseUrl('rankings') }));
    running.push(
      await start('mail', {
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'mail@upright.test',
        CONTACT_INBOX: 'inbox@upright.test',
      }),
    );
    const bff = await start('bff', {
      WEB_DIST_DIR: '',
      CAPTCHA_COST: '1',
      RATE_LIMIT_CONTACT: '1000/60',
      RATE_LIMIT_CAPTCHA: '1000/60',
    });
    running.push(bff);
    bffUrl = bff.url;
  });

  afterAll(async () => {
    await stopAll(running);
    await removeTaxFixture(db, fixture, infra.redisUrl, email);
    await db.end();
    await new Promise((resolve) => receiver.server.close(resolve));
  });

  const traceOf = (traceId: string) => receiver.spans.filter((span) => span.traceId === traceId);

  it('follows a correction from the BFF through rankings and the queue to the mail sent', async () => {
    const browser = await new Browser(bffUrl).open();
    const ingress = ingressContext();
    const form = {
      industry,
      company: `company-a-${tag}`,
      field: 'us_tax_score',
      period_year: 2031,
      period_qrt: 2,
      name: 'Ada Lovelace',
      email,
      what_is_wrong: `The filing of quarter two ${tag} shows a lower rate.`,
      evidence_url: `https://example.org/filing-${tag}?member=${tag}`,
      altcha: await solvedCaptcha(bffUrl),
    };
    const answer = await browser.call('POST', '/api/corrections', form, {
      headers: { traceparent: ingress.traceparent },
    });
    expect(answer.status).toBe(201);

    const spans = await eventually('the mail worker’s span in the trace', () => {
      const trace = traceOf(ingress.traceId);
      return trace.some((span) => span.service === 'mail' && span.kind === CONSUMER) && trace;
    });
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const parentOf = (span: ReceivedSpan) => byId.get(span.parentSpanId ?? '');
    const one = (service: string, kind: number, name?: RegExp) => {
      const found = spans.filter(
        (span) => span.service === service && span.kind === kind && (!name || name.test(span.name)),
      );
      expect(found.map((span) => `${service} ${span.name}`)).toHaveLength(1);
      return found[0];
    };

    // The BFF's HTTP span continues the ingress's trace, named after its route.
    const http = one('bff', SERVER);
    expect(http.parentSpanId).toBe(ingress.spanId);
    expect(http.name).toBe('POST /api/corrections');
    // Across the transport: the BFF's call, rankings' handling of it.
    const call = one('bff', CLIENT, /^rankings\./);
    const handling = one('rankings', SERVER, /^rankings\./);
    expect(handling.name).toBe(call.name);
    expect(handling.parentSpanId).toBe(call.spanId);
    // Across the queue: rankings adds the mail job, the mail worker processes it.
    const added = one('rankings', PRODUCER, /^add /);
    const processed = one('mail', CONSUMER, /^process /);
    expect(processed.parentSpanId).toBe(added.spanId);
    // Every span hangs from the ingress's, through its parents, in one tree.
    for (const span of spans) {
      let ancestor: ReceivedSpan | undefined = span;
      for (let hops = 0; ancestor && ancestor !== http && hops < 50; hops++) {
        ancestor = parentOf(ancestor);
      }
      expect({ span: `${span.service} ${span.name}`, reachesHttp: ancestor === http }).toEqual({
        span: `${span.service} ${span.name}`,
        reachesHttp: true,
      });
    }
    expect(new Set(spans.map((span) => span.service))).toEqual(
      new Set(['bff', 'rankings', 'mail']),
    );
    // PostgreSQL and Redis calls are in the trace, under the spans that made them.
    expect(spans.some((span) => span.service === 'rankings' && /^pg\./.test(span.name))).toBe(true);
    expect(spans.some((span) => span.service === 'mail' && parentOf(span) === processed)).toBe(
      true,
    );

    // Nothing the visitor typed, nor their address, nor a cookie, is in any span.
    const told = JSON.stringify(
      spans.map(({ name, attributes, events }) => [name, attributes, events]),
    );
    const secrets = [
      form.name,
      form.email,
      form.what_is_wrong,
      form.evidence_url,
      `member=${tag}`,
      form.altcha.slice(0, 40),
      ...[...browser.cookies.values()],
    ];
    for (const secret of secrets)
      expect({ secret, found: told.includes(secret) }).toEqual({
        secret,
        found: false,
      });
  });

  it('answers a read from the kept store in one short span', async () => {
    const path = `/api/industry/${industry}`;
    // The first read asks rankings and keeps the answer.
    expect((await fetch(`${bffUrl}${path}`)).status).toBe(200);
    const ingress = ingressContext();
    const kept = await fetch(`${bffUrl}${path}`, { headers: { traceparent: ingress.traceparent } });
    expect(kept.status).toBe(200);
    const spans = await eventually('the kept read’s trace', async () => {
      const trace = traceOf(ingress.traceId);
      return trace.length > 0 && trace;
    });
    // Give any straggling span of that trace time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const trace = traceOf(ingress.traceId);
    expect(trace.map((span) => `${span.service} ${span.name}`)).toEqual([`bff GET`]);
    expect(trace[0]).toMatchObject({ kind: SERVER, parentSpanId: ingress.spanId });
    expect(durationMs(trace[0])).toBeLessThan(50);
    expect(spans).toHaveLength(1);
  });
});
