import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_TEXTS, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_TEXTS } from '@upright/contracts';
import { CSRF_HEADER } from '../lib/constants';
import { ApiError, request } from './http';
import { newIdempotencyKey } from './idempotent-write';

type Reply = Response | Error;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

const unavailable = () =>
  json(503, { error: { code: 'service_unavailable', message: ERROR_TEXTS.serviceUnavailable } });

/** A BFF that answers `/api/csrf` and then the given replies in turn, recording what was sent. */
function bff(...replies: Reply[]) {
  const sent: Array<{ url: string; method: string; key: string | null }> = [];
  const fetchMock = vi.fn((url: string, init: RequestInit = {}) => {
    if (url === '/api/csrf') {
      return Promise.resolve(new Response(null, { status: 204, headers: { [CSRF_HEADER]: 't' } }));
    }
    const headers = (init.headers ?? {}) as Record<string, string>;
    sent.push({ url, method: init.method ?? 'GET', key: headers[IDEMPOTENCY_KEY_HEADER] ?? null });
    const reply = replies.shift();
    if (reply === undefined) throw new Error(`unexpected request ${url}`);
    return reply instanceof Error ? Promise.reject(reply) : Promise.resolve(reply);
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const failure = await call.then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ApiError);
  return failure as ApiError;
}

describe('writes: one Idempotency-Key per user action, one retry (decision 0050)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a write that got no answer is sent once more with the same key, and answered', async () => {
    const sent = bff(new TypeError('Failed to fetch'), json(200, { sent: true }));
    const answer = await request('POST', '/api/message', { body: { name: 'A' }, quiet: true });
    expect(answer).toEqual({ status: 200, body: { sent: true } });
    expect(sent).toHaveLength(2);
    expect(sent[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1].key).toBe(sent[0].key);
  });

  it('502, 503 and 504 are retried once; a second failure is the answer', async () => {
    for (const status of [502, 503, 504]) {
      const sent = bff(new Response('', { status }), unavailable());
      const failure = await failureOf(request('PUT', '/api/priorities', { body: {}, quiet: true }));
      expect(failure.status).toBe(503);
      expect(sent.map((try_) => try_.key)).toEqual([sent[0].key, sent[0].key]);
    }
  });

  it('a refusal is not retried: the write was answered', async () => {
    const sent = bff(json(400, { error: { code: 'validation_failed', message: 'name is bad' } }));
    const failure = await failureOf(request('POST', '/api/message', { body: {}, quiet: true }));
    expect(failure.status).toBe(400);
    expect(sent).toHaveLength(1);
  });

  it('each call is its own action with its own key', async () => {
    const sent = bff(json(200, {}), json(200, {}));
    await request('DELETE', '/api/follows/x', { quiet: true });
    await request('DELETE', '/api/follows/x', { quiet: true });
    expect(sent[0].key).not.toBeNull();
    expect(sent[1].key).not.toBe(sent[0].key);
  });

  it('an earlier try still being answered (409 naming the key) is waited for, then asked again', async () => {
    const inFlight = json(
      409,
      {
        error: {
          code: 'conflict',
          message: IDEMPOTENCY_TEXTS.inFlight,
          field: IDEMPOTENCY_KEY_HEADER,
        },
      },
      { 'Retry-After': '1' },
    );
    const sent = bff(new TypeError('Failed to fetch'), inFlight, json(201, { id: 1 }));
    const answer = await request('POST', '/api/corrections', { body: {}, quiet: true });
    expect(answer.status).toBe(201);
    expect(new Set(sent.map((try_) => try_.key)).size).toBe(1);
    expect(sent).toHaveLength(3);
  });

  it('reads and search queries carry no key and are not retried', async () => {
    const sent = bff(unavailable(), unavailable());
    await failureOf(request('GET', '/api/active', { quiet: true }));
    await failureOf(request('POST', '/api/search/companies/_reactivesearch', { quiet: true }));
    expect(sent.map((try_) => try_.key)).toEqual([null, null]);
  });

  it('a read shed under load (503, Retry-After: 1) is asked once more after the wait and a random part of it; a long wait is not', async () => {
    vi.useFakeTimers();
    // Half of the most that is added at random: 1 s and a quarter.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      const shed = () =>
        json(503, { error: { code: 'service_unavailable' } }, { 'Retry-After': '1' });
      const sent = bff(shed(), json(200, { ok: true }));
      const read = request('GET', '/api/active', { quiet: true });
      await vi.advanceTimersByTimeAsync(1249);
      expect(sent).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect((await read).body).toEqual({ ok: true });
      expect(sent).toHaveLength(2);

      const outage = () =>
        json(503, { error: { code: 'service_unavailable' } }, { 'Retry-After': '15' });
      const once = bff(outage(), outage());
      await failureOf(request('GET', '/api/active', { quiet: true }));
      expect(once).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });

  it('a write shed under load (503, Retry-After: 1: a sign-in over the password lane) is sent again with its key after the wait', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      const shed = json(503, { error: { code: 'service_unavailable' } }, { 'Retry-After': '1' });
      const sent = bff(shed, json(200, { token: 't' }));
      const signin = request('POST', '/api/signin', { body: {}, quiet: true });
      await vi.advanceTimersByTimeAsync(1249);
      expect(sent).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect((await signin).body).toEqual({ token: 't' });
      expect(sent.map((try_) => try_.key)).toEqual([sent[0].key, sent[0].key]);
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });

  it('makes a v4 UUID without crypto.randomUUID (a page served over plain HTTP)', () => {
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => bytes.fill(255) });
    expect(newIdempotencyKey()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });
});
