import {
  CodecError,
  decodeEvent,
  decodeReply,
  decodeRequest,
  encodeEvent,
  encodeReply,
  encodeRequest,
  parseData,
  parseEntries,
  parseStreams,
  stringifyData,
  type WireRequest,
} from './codec';

const request: WireRequest = {
  id: 'c0ffee',
  pattern: 'rankings.industries.active',
  from: 'bff',
  client: '0b1c-22',
  deadline: 1_700_000_000_123,
  data: JSON.stringify({ market: 'us', nested: [1, 'two', null], flag: true }),
  mac: 'bWFj',
};

describe('request codec', () => {
  it('round-trips a request with its data in one field', () => {
    const fields = encodeRequest(request);
    expect(fields.every((field) => typeof field === 'string')).toBe(true);
    expect(fields[fields.indexOf('data') + 1]).toBe(request.data);
    expect(decodeRequest(fields)).toEqual(request);
  });

  it('carries no reply stream: the server derives it from the sender', () => {
    expect(encodeRequest(request)).not.toContain('reply');
  });

  it('leaves the data field out for undefined data', () => {
    const fields = encodeRequest({ ...request, data: undefined });
    expect(fields).not.toContain('data');
    expect(decodeRequest(fields).data).toBeUndefined();
  });

  it('rejects malformed entries', () => {
    expect(() => decodeRequest(['id', 'x'])).toThrow(CodecError);
    expect(() => decodeRequest(['id'])).toThrow(CodecError);
    const badDeadline = encodeRequest({ ...request, deadline: Number.NaN });
    expect(() => decodeRequest(badDeadline)).toThrow(/deadline/);
    const noMac = encodeRequest(request).slice(0, -2);
    expect(() => decodeRequest(noMac)).toThrow(/mac/);
    // A sender or client with separators could name someone else's reply stream.
    expect(() => decodeRequest(encodeRequest({ ...request, client: 'x:reply:bff' }))).toThrow(
      /client/,
    );
    expect(() => decodeRequest(encodeRequest({ ...request, from: 'b ff' }))).toThrow(/from/);
  });
});

describe('data', () => {
  it('round-trips JSON values, falsy ones and undefined included', () => {
    for (const data of [{ a: [1, 'two', null] }, 0, '', false, null, undefined]) {
      expect(parseData(stringifyData(data))).toEqual(data);
    }
  });

  it('rejects text that is not JSON, and values JSON cannot carry', () => {
    expect(() => parseData('{nope')).toThrow(/JSON/);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => stringifyData(cyclic)).toThrow();
  });
});

describe('reply codec', () => {
  it('round-trips success and error replies', () => {
    const ok = { id: 'a', from: 'rankings', ok: true, data: '{"n":1}', mac: 'm' };
    expect(decodeReply(encodeReply(ok))).toEqual(ok);
    const failed = { ...ok, ok: false, data: '{"code":"not_found","message":"No"}' };
    expect(decodeReply(encodeReply(failed))).toEqual(failed);
  });

  it('omits the data of an empty answer', () => {
    const fields = encodeReply({ id: 'c', from: 'rankings', ok: true, mac: 'm' });
    expect(fields).not.toContain('data');
    expect(decodeReply(fields).data).toBeUndefined();
  });

  it('rejects an unknown status', () => {
    expect(() => decodeReply(['id', 'x', 'from', 'y', 'status', 'maybe', 'mac', 'm'])).toThrow(
      CodecError,
    );
  });
});

describe('event codec', () => {
  it('round-trips an event with one MAC per subscriber', () => {
    const event = {
      pattern: 'rankings.industry-data.changed',
      from: 'rankings',
      data: '{"industries":["a"]}',
      macs: { search: 'm1', reports: 'm2' },
    };
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
