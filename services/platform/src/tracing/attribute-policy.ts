import type { AttributeValue, Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace';
import { redactSecretPath } from '../logging/secret-paths';

/** What replaces a value the policy does not let out. */
export const WITHHELD = '[withheld]';

/**
 * Attributes whose values name an operation, never a person (decision 0075): methods, routes,
 * status codes, SQL with its placeholders (never its parameters), Redis command names, patterns,
 * queue and job names, peers that are our own servers. Everything else an instrumentation sets
 * (a client's address or user agent, a header, a full URL, a Redis key that may hold an email)
 * is withheld.
 */
const ALLOWED = new Set([
  'http.method',
  'http.request.method',
  'http.status_code',
  'http.response.status_code',
  'http.route',
  'http.flavor',
  'http.scheme',
  'network.protocol.version',
  'url.scheme',
  'error.type',
  'db.system',
  'db.system.name',
  'db.name',
  'db.namespace',
  'db.operation',
  'db.operation.name',
  'db.statement',
  'db.query.text',
  'server.address',
  'server.port',
  'net.peer.name',
  'net.peer.port',
  'net.host.port',
  'rpc.system',
  'rpc.service',
  'rpc.method',
  'upright.transport.caller',
  'messaging.system',
  'messaging.destination.name',
  'express.name',
  'express.type',
]);

/** Prefixes of attributes that are ours or a queue's (BullMQ's job id holds no personal data). */
const ALLOWED_PREFIXES = ['bullmq.', 'upright.'];

/** A URL or request target kept as its path: no query string, secret path segments redacted. */
const PATH_ONLY = new Set(['http.target', 'url.path', 'http.url', 'url.full']);

/** Of an exception: its type only; its message and stack may quote what a member typed. */
const EXCEPTION_ALLOWED = new Set(['exception.type']);

function pathOf(value: string): string {
  let path = value;
  if (/^[a-z]+:\/\//i.test(value)) {
    try {
      path = new URL(value).pathname;
    } catch {
      return WITHHELD;
    }
  }
  return redactSecretPath(path.split(/[?#]/, 1)[0]);
}

/** The value the policy lets out for `key`, or undefined when it lets out `value` itself. */
export function policedValue(key: string, value: AttributeValue): AttributeValue | undefined {
  if (PATH_ONLY.has(key)) {
    const path = typeof value === 'string' ? pathOf(value) : WITHHELD;
    return path === value ? undefined : path;
  }
  if (ALLOWED.has(key) || ALLOWED_PREFIXES.some((prefix) => key.startsWith(prefix))) {
    return undefined;
  }
  return WITHHELD;
}

/**
 * Applies the attribute policy to every span as it ends, before any exporter sees it
 * (`onEnding` runs while the span still takes writes), whichever instrumentation made it.
 */
export class AttributePolicy implements SpanProcessor {
  onStart(_span: Span, _parentContext: Context): void {}

  onEnding(span: Span): void {
    for (const [key, value] of Object.entries(span.attributes)) {
      if (value === undefined) continue;
      const replaced = policedValue(key, value);
      if (replaced !== undefined) span.setAttribute(key, replaced);
    }
    // Events (an exception recorded by an instrumentation) have no setter: their attribute
    // objects are the span's own, still open, and are edited in place.
    for (const event of span.events) {
      const attributes = event.attributes as Record<string, AttributeValue | undefined> | undefined;
      if (!attributes) continue;
      for (const key of Object.keys(attributes)) {
        if (!EXCEPTION_ALLOWED.has(key)) attributes[key] = WITHHELD;
      }
    }
    // A status message is an error's message: the code stays, the words go.
    if (span.status.message) span.setStatus({ code: span.status.code });
  }

  onEnd(_span: ReadableSpan): void {}

  forceFlush(): Promise<void> {
    return Promise.resolve();
  }

  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}
