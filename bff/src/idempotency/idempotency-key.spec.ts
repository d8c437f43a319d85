import { Controller, HttpCode, Post, Put } from '@nestjs/common';
import { PublicAnswer } from '../shared/public-answer.decorator';
import { openApiDocument } from '../openapi/openapi-document';
import { createHash } from 'node:crypto';
import {
  acceptsIdempotencyKey,
  canonicalJson,
  idempotencySecret,
  keyedRequest,
  successStatusOf,
} from './idempotency-key';

@Controller('api')
class Routes {
  @Post('message')
  @HttpCode(200)
  message(): void {}

  @Put('priorities')
  save(): void {}

  @Post('corrections')
  ask(): void {}

  @PublicAnswer({ domain: 'search', personal: false })
  @Post('search/_reactivesearch')
  search(): void {}
}

const handler = (name: keyof Routes) => Routes.prototype[name];

describe('which routes take Idempotency-Key (decision 0050)', () => {
  it('every write but the search queries, which are reads sent as POST', () => {
    expect(acceptsIdempotencyKey('POST', handler('message'))).toBe(true);
    expect(acceptsIdempotencyKey('put', handler('save'))).toBe(true);
    expect(acceptsIdempotencyKey('DELETE', handler('save'))).toBe(true);
    expect(acceptsIdempotencyKey('GET', handler('save'))).toBe(false);
    expect(acceptsIdempotencyKey('POST', handler('search'))).toBe(false);
  });

  it('the OpenAPI document lists the header on exactly those operations', () => {
    const document = openApiDocument([Routes], { session: 's', csrf: 'c' }) as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
    };
    const headers = (path: string, method: string) =>
      (document.paths[path]![method]!.parameters ?? [])
        .filter((parameter) => parameter.in === 'header')
        .map((parameter) => parameter.name);
    expect(headers('/api/message', 'post')).toEqual(['Idempotency-Key']);
    expect(headers('/api/priorities', 'put')).toEqual(['Idempotency-Key']);
    expect(headers('/api/search/_reactivesearch', 'post')).toEqual([]);
  });

  it("replays a success with the route's own status", () => {
    expect(successStatusOf('POST', handler('message'))).toBe(200);
    expect(successStatusOf('POST', handler('ask'))).toBe(201);
    expect(successStatusOf('PUT', handler('save'))).toBe(200);
  });
});

describe('what a key names', () => {
  const secret = idempotencySecret(Buffer.alloc(32, 7));
  const request = {
    credential: null,
    key: 'k-1',
    method: 'POST',
    url: '/api/message',
    body: { name: 'Ann', message: 'Hi', nested: { b: 1, a: [2, { d: 3, c: 4 }] } },
  };

  it('the same request however its fields are ordered', () => {
    const reordered = {
      ...request,
      body: { nested: { a: [2, { c: 4, d: 3 }], b: 1 }, message: 'Hi', name: 'Ann' },
    };
    expect(keyedRequest(secret, reordered)).toEqual(keyedRequest(secret, request));
    expect(canonicalJson({ b: 1, a: undefined, c: [null] })).toBe('{"b":1,"c":[null]}');
  });

  it('another body, path or method: the same key, another request (a 422)', () => {
    const first = keyedRequest(secret, request);
    for (const other of [
      { ...request, body: { ...request.body, message: 'Hello' } },
      { ...request, url: '/api/corrections' },
      { ...request, method: 'PUT' },
    ]) {
      const keyed = keyedRequest(secret, other);
      expect(keyed.scope).toBe(first.scope);
      expect(keyed.fingerprint).not.toBe(first.fingerprint);
      expect(keyed.digest).not.toBe(first.digest);
    }
  });

  it('names a body of bytes by its digest: the same bytes the same request, others another', () => {
    const chunk = { ...request, method: 'PUT', url: '/api/admin/data/uploads/u/chunks/0' };
    const bytes = Buffer.alloc(4 * 1024 * 1024, 7);
    const first = keyedRequest(secret, { ...chunk, body: bytes });
    expect(keyedRequest(secret, { ...chunk, body: Buffer.from(bytes) })).toEqual(first);
    const changed = Buffer.from(bytes);
    changed[changed.length - 1] = 8;
    expect(keyedRequest(secret, { ...chunk, body: changed }).fingerprint).not.toBe(
      first.fingerprint,
    );
    expect(canonicalJson(Buffer.from('abc'))).toBe(
      JSON.stringify(`sha256:${createHash('sha256').update('abc').digest('hex')}`),
    );
  });

  it("another caller's key is another key: its outcome is never answered to this one", () => {
    const mine = keyedRequest(secret, { ...request, credential: 'token-a' });
    const theirs = keyedRequest(secret, { ...request, credential: 'token-b' });
    const visitors = keyedRequest(secret, request);
    expect(mine.scope).not.toBe(theirs.scope);
    expect(mine.digest).not.toBe(theirs.digest);
    expect(mine.digest).not.toBe(visitors.digest);
    expect(mine.digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it('nothing stored can be tested offline without the server secret (decision 0071)', () => {
    const signIn = {
      credential: null,
      key: 'k-2',
      method: 'POST',
      url: '/api/signin',
      body: { email: 'ann@example.org', password: 'correct horse battery staple' },
    };
    const keyed = keyedRequest(secret, signIn);
    const unkeyed = (text: string) => createHash('sha256').update(text).digest('hex');
    const guesses = [
      unkeyed(`POST /api/signin\n${canonicalJson(signIn.body)}`),
      unkeyed(canonicalJson(signIn.body)),
      unkeyed(signIn.body.password),
    ];
    for (const stored of [keyed.scope, keyed.fingerprint, keyed.digest]) {
      expect(guesses).not.toContain(stored);
      expect(stored).not.toContain(signIn.body.email);
    }
    // Another secret (another deployment) makes other values of the same request.
    const elsewhere = keyedRequest(idempotencySecret(Buffer.alloc(32, 8)), signIn);
    expect(elsewhere.fingerprint).not.toBe(keyed.fingerprint);
  });
});
