import {
  CodecError,
  decodeEvent,
  decodeReply,
  decodeRequest,
  encodeEvent,
  encodeReply,
  encodeRequest,
  parseEntries,
  parseStreams,
  type RequestMessage,
} from './codec';

const request: RequestMessage = {
  id: 'c0ffee',
  pattern: 'rankings.industries.active',
  data: { market: 'us', nested: [1, 'two', null], flag: true },
  replyTo: 'p:reply:client',
  deadline: 1_700_000_000_123,
};

describe('request codec', () => {
  it('round-trips a request with JSON data in one field', () => {
    const fields = encodeRequest(request);
    expect(fields.every((field) => typeof field === 'string')).toBe(true);
    expect(fields[fields.indexOf('data') + 1]).toBe(JSON.stringify(request.data));
    expect(decodeRequest(fields)).toEqual(request);
  });

  it('restores undefined data by leaving the field out', () => {
    const fields = encodeRequest({ ...request, data: undefined });
    expect(fields).not.toContain('data');
    expect(decodeRequest(fields).data).toBeUndefined();
  });

  it('keeps falsy JSON values', () => {
    for (const data of [0, '', false, null]) {
      expect(decodeRequest(encodeRequest({ ...request, data })).data).toBe(data);
    }
  });

  it('rejects malformed entries', () => {
    expect(() => decodeRequest(['id', 'x'])).toThrow(CodecError);
    expect(() => decodeRequest(['id'])).toThrow(CodecError);
    const badDeadline = encodeRequest(request).map((field) =>
      field === String(request.deadline) ? 'soon' : field,
    );
    expect(() => decodeRequest(badDeadline)).toThrow(/deadline/);
    const badJson = encodeRequest(request);
    badJson[badJson.indexOf('data') + 1] = '{nope';
    expect(() => decodeRequest(badJson)).toThrow(/JSON/);
  });

  it('fails to encode data JSON cannot carry', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => encodeRequest({ ...request, data: cyclic })).toThrow();
  });
});

describe('reply codec', () => {
  it('round-trips success and error replies', () => {
    const ok = { id: 'a', ok: true, body: { n: 1 } };
    expect(decodeReply(encodeReply(ok))).toEqual(ok);
    const failed = { id: 'b', ok: false, body: { code: 'not_found', message: 'No such thing' } };
    expect(decodeReply(encodeReply(failed))).toEqual(failed);
  });

  it('omits the body of an empty answer', () => {
    const decoded = decodeReply(encodeReply({ id: 'c', ok: true }));
    expect(decoded).toEqual({ id: 'c', ok: true });
    expect('body' in decoded).toBe(false);
  });

  it('rejects an unknown status', () => {
    expect(() => decodeReply(['id', 'x', 'status', 'maybe'])).toThrow(CodecError);
  });
});

describe('event codec', () => {
  it('round-trips an event', () => {
    const event = { pattern: 'rankings.industry-data.changed', data: { industries: ['a'] } };
    expect(decodeEvent(encodeEvent(event))).toEqual(event);
  });
});

describe('stream reply parsing', () => {
  it('parses XREADGROUP replies, including deleted entries', () => {
    const raw = [
      [
        's1',
        [
          ['1-0', ['a', '1']],
          ['2-0', null],
        ],
      ],
      ['s2', []],
    ];
    expect(parseStreams(raw)).toEqual([
      {
        stream: 's1',
        entries: [
          { id: '1-0', fields: ['a', '1'] },
          { id: '2-0', fields: null },
        ],
      },
      { stream: 's2', entries: [] },
    ]);
  });

  it('treats a timed-out read as empty', () => {
    expect(parseStreams(null)).toEqual([]);
    expect(parseEntries(undefined)).toEqual([]);
  });
});
