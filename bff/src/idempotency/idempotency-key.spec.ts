import { Controller, HttpCode, Post, Put } from '@nestjs/common';
import { PublicAnswer } from '../answer-cache/public-answer.decorator';
import { openApiDocument } from '../openapi/openapi-document';
import {
  acceptsIdempotencyKey,
  canonicalJson,
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

describe('which routes take Idempotency-Key (decision record 0050)', () => {
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
  const request = {
    caller: 'visitor',
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
    expect(keyedRequest(reordered)).toEqual(keyedRequest(request));
    expect(canonicalJson({ b: 1, a: undefined, c: [null] })).toBe('{"b":1,"c":[null]}');
  });

  it('another body, path or method: the same key, another request (a 422)', () => {
    const first = keyedRequest(request);
    for (const other of [
      { ...request, body: { ...request.body, message: 'Hello' } },
      { ...request, url: '/api/corrections' },
      { ...request, method: 'PUT' },
    ]) {
      const keyed = keyedRequest(other);
      expect(keyed.scope).toBe(first.scope);
      expect(keyed.fingerprint).not.toBe(first.fingerprint);
      expect(keyed.digest).not.toBe(first.digest);
    }
  });

  it("another caller's key is another key: its outcome is never answered to this one", () => {
    const mine = keyedRequest({ ...request, caller: 'member-a' });
    const theirs = keyedRequest({ ...request, caller: 'member-b' });
    expect(mine.scope).not.toBe(theirs.scope);
    expect(mine.digest).not.toBe(theirs.digest);
    expect(mine.digest).toMatch(/^[0-9a-f]{64}$/);
  });
});
