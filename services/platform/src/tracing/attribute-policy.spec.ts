import { SpanStatusCode } from '@opentelemetry/api';
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { AttributePolicy, WITHHELD } from './attribute-policy';

describe('the attribute policy (decision 0075)', () => {
  const exported = new InMemorySpanExporter();
  const provider = new TracerProvider({
    spanProcessors: [new AttributePolicy(), new SimpleSpanProcessor({ exporter: exported })],
  });
  const tracer = provider.getTracer('test');
  const email = 'grace@example.org';

  afterAll(() => provider.shutdown());

  function exportedSpan(build: (span: ReturnType<typeof tracer.startSpan>) => void) {
    exported.reset();
    const span = tracer.startSpan('span');
    build(span);
    span.end();
    return exported.getFinishedSpans()[0];
  }

  it('keeps what names an operation and withholds what may name a person', () => {
    const span = exportedSpan((s) =>
      s.setAttributes({
        'http.method': 'POST',
        'http.route': '/api/corrections',
        'http.status_code': 201,
        'db.statement': 'SELECT id FROM members WHERE email = $1',
        'rpc.method': 'rankings.corrections.submit',
        'bullmq.job.name': 'correction-received',
        'http.user_agent': 'Mozilla/5.0',
        'net.peer.ip': '203.0.113.7',
        'http.client_ip': '203.0.113.7',
        'enduser.id': email,
      }),
    );
    expect(span.attributes).toEqual({
      'http.method': 'POST',
      'http.route': '/api/corrections',
      'http.status_code': 201,
      'db.statement': 'SELECT id FROM members WHERE email = $1',
      'rpc.method': 'rankings.corrections.submit',
      'bullmq.job.name': 'correction-received',
      'http.user_agent': WITHHELD,
      'net.peer.ip': WITHHELD,
      'http.client_ip': WITHHELD,
      'enduser.id': WITHHELD,
    });
  });

  it('keeps a URL as its path: no query string, no host, no mailed secret', () => {
    const span = exportedSpan((s) =>
      s.setAttributes({
        'http.target': `/api/search?q=${encodeURIComponent(email)}`,
        'http.url': 'https://upright.example/account/reset/s3cr3t-code?from=mail#top',
        'url.path': '/api/companies/acme',
        'url.query': `email=${email}`,
      }),
    );
    expect(span.attributes).toEqual({
      'http.target': '/api/search',
      'http.url': '/account/reset/[redacted]',
      'url.path': '/api/companies/acme',
      'url.query': WITHHELD,
    });
  });

  it('keeps an exception type and an error status, not their messages', () => {
    const span = exportedSpan((s) => {
      s.recordException(new TypeError(`550 mailbox ${email} unavailable`));
      s.setStatus({ code: SpanStatusCode.ERROR, message: `550 mailbox ${email} unavailable` });
    });
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(span.events[0].attributes).toEqual({
      'exception.type': 'TypeError',
      'exception.message': WITHHELD,
      'exception.stacktrace': WITHHELD,
    });
    expect(JSON.stringify([span.attributes, span.events, span.status])).not.toContain(email);
  });
});
