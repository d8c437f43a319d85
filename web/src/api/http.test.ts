import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_TEXTS, IDEMPOTENCY_KEY_HEADER } from '@upright/contracts';
import { CSRF_HEADER } from '../lib/constants';
import { MESSAGES } from '../lib/messages';
import { ApiError, errorMessage, request } from './http';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const failure = await call.then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ApiError);
  return failure as ApiError;
}

describe('the API client shows docs/product/spec.md#s8 texts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a network failure: technical issues', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const failure = await failureOf(request('GET', '/api/active', { quiet: true }));
    expect(failure.status).toBe(0);
    expect(errorMessage(failure)).toBe(MESSAGES.technical);
  });

  it('503 and 504 from the BFF: technical issues', async () => {
    for (const [status, code, message] of [
      [503, 'service_unavailable', ERROR_TEXTS.serviceUnavailable],
      [504, 'deadline_exceeded', ERROR_TEXTS.deadlineExceeded],
    ] as const) {
      vi.stubGlobal(
        'fetch',
        vi.fn().mockResolvedValue(answer(status, { error: { code, message } })),
      );
      const failure = await failureOf(request('GET', '/api/active', { quiet: true }));
      expect(failure.code).toBe(code);
      expect(errorMessage(failure)).toBe(MESSAGES.technical);
    }
  });

  it('a rate-limited request (429, with or without a JSON body): the generic advice', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(
          answer(429, { error: { code: 'rate_limited', message: ERROR_TEXTS.retryLater } }),
        )
        .mockResolvedValueOnce(new Response('<html>Too Many Requests</html>', { status: 429 })),
    );
    for (let i = 0; i < 2; i++) {
      const failure = await failureOf(request('GET', '/api/active', { quiet: true }));
      expect(errorMessage(failure)).toBe(MESSAGES.generic);
    }
  });

  it("other failures keep the server's text, or the unknown-error text when it has none", async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(
          answer(404, { error: { code: 'not_found', message: 'industry "x" is not known' } }),
        )
        .mockResolvedValueOnce(new Response('', { status: 500 })),
    );
    const notFound = await failureOf(request('GET', '/api/industry/x', { quiet: true }));
    expect(errorMessage(notFound)).toBe('industry "x" is not known');
    const broken = await failureOf(request('GET', '/api/active', { quiet: true }));
    expect(errorMessage(broken)).toBe(ERROR_TEXTS.unknown);
  });
});

describe('a body of bytes (an upload chunk, decision 0077)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is sent as it is, as application/octet-stream, with the CSRF token; a retry sends it again', async () => {
    const sent: Array<{ headers: Record<string, string>; body: unknown }> = [];
    const replies = [new Response('', { status: 503 }), new Response(null, { status: 204 })];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit = {}) => {
        if (url === '/api/csrf') {
          return Promise.resolve(
            new Response(null, { status: 204, headers: { [CSRF_HEADER]: 'token-1' } }),
          );
        }
        sent.push({ headers: init.headers as Record<string, string>, body: init.body });
        return Promise.resolve(replies.shift()!);
      }),
    );
    const bytes = new Blob([new Uint8Array([0, 1, 255])]);
    const answer = await request('PUT', '/api/admin/data/uploads/u/chunks/0', {
      bytes,
      quiet: true,
    });
    expect(answer.status).toBe(204);
    expect(sent).toHaveLength(2);
    for (const { headers, body } of sent) {
      expect(body).toBe(bytes);
      expect(headers['Content-Type']).toBe('application/octet-stream');
      expect(headers[CSRF_HEADER]).toBe('token-1');
    }
    expect(sent[1].headers[IDEMPOTENCY_KEY_HEADER]).toBe(sent[0].headers[IDEMPOTENCY_KEY_HEADER]);
  });
});
