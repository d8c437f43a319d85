import { makeAnswer, representation } from './answer';
import { answerHeaders } from './answer-headers';
import {
  decodeAnswer,
  encodeAnswer,
  parseRecentMember,
  recentMember,
  sharedAnswerKeys,
  sharedBudgetKey,
} from './shared-answer';

const json = JSON.stringify({
  rows: Array.from({ length: 300 }, (_, i) => ({ i, name: `c${i}` })),
});

describe('shared answers as bytes', () => {
  it('rebuilds an answer with the same bytes, codings made so far, ETags and headers', () => {
    const answer = makeAnswer(
      json,
      { domain: 'data', personal: 'company-ranks' },
      {
        industryKey: '/api/companies/us/tools',
      },
    );
    representation(answer, 'br');
    const copy = decodeAnswer(encodeAnswer(answer))!;
    expect(copy.identity.equals(answer.identity)).toBe(true);
    expect(Object.keys(copy.compressed)).toEqual(['br']);
    expect(copy.compressed.br!.equals(answer.compressed.br!)).toBe(true);
    expect(copy).toMatchObject({
      hash: answer.hash,
      status: 200,
      contentType: answer.contentType,
      policy: answer.policy,
      compressible: true,
      size: answer.size,
      industryKey: '/api/companies/us/tools',
      cacheControl: undefined,
    });
    for (const coding of ['br', 'gzip', 'identity'] as const) {
      expect(answerHeaders(copy, coding, 'public')).toEqual(
        answerHeaders(answer, coding, 'public'),
      );
    }
  });

  it('keeps what a page or a share image needs: status, content type, bytes sent as they are', () => {
    const png = Buffer.alloc(5000, 9);
    const image = makeAnswer(
      png,
      { domain: 'data', personal: false },
      {
        contentType: 'image/png',
        compressible: false,
        status: 404,
      },
    );
    const copy = decodeAnswer(encodeAnswer(image))!;
    expect(copy).toMatchObject({ contentType: 'image/png', compressible: false, status: 404 });
    expect(copy.identity.equals(png)).toBe(true);
    expect(copy.compressed).toEqual({});
  });

  it('reads nothing from bytes that are not a whole answer', () => {
    const bytes = encodeAnswer(makeAnswer(json, { domain: 'search', personal: false }));
    expect(decodeAnswer(bytes.subarray(0, bytes.length - 1))).toBeNull();
    expect(decodeAnswer(Buffer.concat([bytes, Buffer.from('x')]))).toBeNull();
    expect(decodeAnswer(Buffer.from('{}'))).toBeNull();
    const other = Buffer.from(bytes);
    other.write('{"x', 4);
    expect(decodeAnswer(other)).toBeNull();
  });
});

describe('shared answer keys', () => {
  it('name the release, the domain and its version under the BFF namespace, the request key hashed', () => {
    const keys = sharedAnswerKeys('upright', 'r1', 'data', '1764190000000-7', '/api/active');
    expect(keys.answer).toMatch(
      /^upright:bff:answers:a1:r1:data:1764190000000-7:[A-Za-z0-9_-]{43}$/,
    );
    expect(keys.lock).toBe(`${keys.answer}:lock`);
    expect(sharedBudgetKey('upright')).toBe('upright:bff:answers:a1:budget');
  });

  it('differ by release, version, domain and request key, so a moved version finds nothing', () => {
    const key = (domain: 'data' | 'corrections', version: string, url: string, release = 'r1') =>
      sharedAnswerKeys('upright', release, domain, version, url).answer;
    const names = [
      key('data', '1', '/api/active'),
      key('data', '2', '/api/active'),
      key('corrections', '1', '/api/active'),
      key('data', '1', '/api/active?year=2025'),
      key('data', '1', '/api/active', 'r2'),
    ];
    expect(new Set(names).size).toBe(names.length);
    expect(key('data', '1', '/api/active')).toBe(names[0]);
  });
});

describe('the recent keys a starting replica warms with', () => {
  it('names an API answer by its domain and request key, and reads it back', () => {
    const member = recentMember('corrections', '/api/corrections/us/banks/acme?page=2');
    expect(parseRecentMember(member)).toEqual({
      domain: 'corrections',
      requestKey: '/api/corrections/us/banks/acme?page=2',
    });
  });

  it('reads nothing from a page, an unknown domain or a malformed member', () => {
    expect(parseRecentMember(recentMember('data', '/companies/us/banks'))).toBeNull();
    expect(parseRecentMember('prices /api/active')).toBeNull();
    expect(parseRecentMember('/api/active')).toBeNull();
  });
});
