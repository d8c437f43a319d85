import { decodeEvent, decodeRequest, encodeEvent, encodeRequest } from './codec';
import { carrierOf, Envelopes, Refusal } from './envelope';
import { derivePairSecret, parsePairSecrets, PeerKeys, type TransportPolicy } from './trust';

const policy: TransportPolicy = {
  callersOf: (pattern) =>
    ({ 'accounts.signin': ['bff'], 'accounts.averages.get': ['bff', 'rankings'] })[pattern],
  isSealed: (pattern) => pattern === 'accounts.signin',
  emitterOf: (event) => (event === 'accounts.averages.changed' ? 'accounts' : undefined),
  mayRepeat: () => true,
  onlyReads: () => true,
  subscribersOf: (event) => (event === 'accounts.averages.changed' ? ['rankings'] : []),
};

/** Each identity holds only its pair keys with the peers listed. */
function envelopes(identity: string, peers: string[], master = 'm') {
  const keys = Object.fromEntries(peers.map((p) => [p, derivePairSecret(master, identity, p)]));
  return new Envelopes({ identity, keys, policy });
}

const bff = envelopes('bff', ['accounts']);
const accounts = envelopes('accounts', ['bff', 'rankings', 'search']);
const rankings = envelopes('rankings', ['accounts']);
const search = envelopes('search', ['accounts']);
const signin = { id: 'r1', pattern: 'accounts.signin', client: 'c1', deadline: 1e13 };
const password = 'correct horse battery staple';

describe('requests', () => {
  it('an authentic request from an allowed caller opens with its data', () => {
    const wire = bff.request('accounts', { ...signin, data: { email: 'a@b.c', password } });
    expect(accounts.openRequest(wire)).toEqual({
      ...signin,
      from: 'bff',
      data: { email: 'a@b.c', password },
    });
  });

  it('seals the data of sealed patterns: the password is not in the message', () => {
    const wire = bff.request('accounts', { ...signin, data: { password } });
    expect(JSON.stringify(wire)).not.toContain('horse');
    const open = rankings.request('accounts', {
      ...signin,
      pattern: 'accounts.averages.get',
      data: { visible: 'yes' },
    });
    expect(open.data).toBe('{"visible":"yes"}');
  });

  it('drops a request whose MAC does not match, whatever was changed', () => {
    const wire = bff.request('accounts', { ...signin, data: { password } });
    for (const forged of [
      { ...wire, mac: search.request('accounts', { ...signin, data: {} }).mac },
      { ...wire, client: 'someone-else' },
      { ...wire, deadline: wire.deadline + 1 },
      { ...wire, id: 'r2' },
    ]) {
      expect(() => accounts.openRequest(forged)).toThrow(Refusal);
    }
  });

  it('drops a request from a process that signs as another one', () => {
    // search holds no key shared between bff and accounts, so it cannot speak as bff.
    const wire = search.request('accounts', { ...signin, data: { password } });
    expect(() => accounts.openRequest({ ...wire, from: 'bff' })).toThrow(/bad signature/);
  });

  it('tells an authentic caller that is not allowed the pattern so (forbidden)', () => {
    const wire = search.request('accounts', { ...signin, data: {} });
    let refusal: unknown;
    try {
      accounts.openRequest(wire);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(Refusal);
    expect(refusal).toMatchObject({
      forbidden: true,
      message: '"search" may not call "accounts.signin"',
    });
  });

  it('refuses a request for a receiver other than the one it was signed for', () => {
    const rankingsKeysOfBff = envelopes('bff', ['accounts', 'rankings']);
    const wire = rankingsKeysOfBff.request('rankings', {
      ...signin,
      pattern: 'accounts.averages.get',
      data: {},
    });
    expect(() => accounts.openRequest(wire)).toThrow(Refusal);
  });
});

describe('trace context (decision 0075)', () => {
  const trace = {
    traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
    tracestate: 'vendor=opaque',
  };
  const averages = { ...signin, pattern: 'accounts.averages.get', data: { n: 1 } };

  it('reaches the service with the request, through the stream fields', () => {
    const fields = encodeRequest(bff.request('accounts', { ...averages, trace }));
    expect(fields).toEqual(expect.arrayContaining(['traceparent', trace.traceparent]));
    expect(accounts.openRequest(decodeRequest(fields)).trace).toEqual(trace);
  });

  it('is signed: a trace added, changed or stripped on the way is refused', () => {
    const traced = bff.request('accounts', { ...averages, trace });
    const untraced = bff.request('accounts', averages);
    const other = '00-11111111111111111111111111111111-2222222222222222-01';
    for (const forged of [
      { ...traced, traceparent: other },
      { ...traced, tracestate: 'vendor=other' },
      { ...traced, traceparent: undefined, tracestate: undefined },
      { ...untraced, traceparent: other },
    ]) {
      expect(() => accounts.openRequest(forged)).toThrow(/bad signature/);
    }
  });

  it('is absent from an untraced request, which verifies as before (an older sender)', () => {
    const fields = encodeRequest(bff.request('accounts', averages));
    expect(fields).not.toContain('traceparent');
    expect(accounts.openRequest(decodeRequest(fields))).not.toHaveProperty('trace');
  });

  it('reaches each subscriber of an event, signed for each', () => {
    const event = decodeEvent(
      encodeEvent(accounts.event('accounts.averages.changed', { n: 1 }, trace)),
    );
    expect(rankings.openEvent(event)).toEqual({ n: 1 });
    expect(carrierOf(event)).toEqual(trace);
    const other = '00-11111111111111111111111111111111-2222222222222222-01';
    expect(() => rankings.openEvent({ ...event, traceparent: other })).toThrow(/bad signature/);
    expect(carrierOf(accounts.event('accounts.averages.changed', { n: 1 }))).toBeUndefined();
  });
});

describe('replies', () => {
  const request = { from: 'bff', client: 'c1', id: 'r1', pattern: 'accounts.signin' };

  it('reach the caller from the service asked, sealed for sealed patterns', () => {
    const wire = accounts.reply(request, true, '{"token":"secret-token"}');
    expect(JSON.stringify(wire)).not.toContain('secret-token');
    expect(bff.openReply(wire, 'accounts', 'c1', 'accounts.signin')).toEqual({
      id: 'r1',
      ok: true,
      body: { token: 'secret-token' },
    });
  });

  it('are refused from another sender, or for another client', () => {
    const wire = accounts.reply(request, true, '{"n":1}');
    expect(() => bff.openReply(wire, 'rankings', 'c1', 'accounts.signin')).toThrow();
    expect(() => bff.openReply(wire, 'accounts', 'c2', 'accounts.signin')).toThrow();
    expect(() =>
      bff.openReply({ ...wire, ok: false }, 'accounts', 'c1', 'accounts.signin'),
    ).toThrow();
  });
});

describe('events', () => {
  it('are accepted by each subscriber from their emitter only', () => {
    const event = accounts.event('accounts.averages.changed', { n: 1 });
    expect(rankings.openEvent(event)).toEqual({ n: 1 });
    const rankingsAsEmitter = envelopes('rankings', ['rankings']);
    const forged = rankingsAsEmitter.event('accounts.averages.changed', { n: 2 });
    const selfKeyed = envelopes('rankings', ['rankings']);
    expect(() => selfKeyed.openEvent(forged)).toThrow(/may not emit/);
    expect(() => rankings.openEvent({ ...event, data: '{"n":3}' })).toThrow(/bad signature/);
  });
});

describe('keys', () => {
  it('parses peer=base64 lists and names what is wrong without the value', () => {
    const secret = Buffer.alloc(32, 1).toString('base64');
    expect(Object.keys(parsePairSecrets(`bff=${secret}, search=${secret}`))).toEqual([
      'bff',
      'search',
    ]);
    expect(() => parsePairSecrets('bff=c2hvcnQ=')).toThrow(/"bff" must be at least 32 bytes/);
    expect(() => parsePairSecrets(`bff=${secret},bff=${secret}`)).toThrow(/twice/);
    expect(() => parsePairSecrets('nonsense')).toThrow(/peer=base64/);
  });

  it('derives the same pair secret on both sides, another for another pair', () => {
    expect(derivePairSecret('m', 'a', 'b')).toEqual(derivePairSecret('m', 'b', 'a'));
    expect(derivePairSecret('m', 'a', 'b')).not.toEqual(derivePairSecret('m', 'a', 'c'));
  });

  it('refuses sealed data opened with another pair key', () => {
    const ab = new PeerKeys('a', { b: derivePairSecret('m', 'a', 'b') });
    const cb = new PeerKeys('c', {
      b: derivePairSecret('m', 'a', 'b'),
      x: derivePairSecret('m', 'c', 'x'),
    });
    const sealed = ab.seal('b', 'hello', 'aad');
    expect(cb.open('b', sealed, 'aad')).toBe('hello');
    expect(() => cb.open('b', sealed, 'other aad')).toThrow(/does not open/);
    expect(() => cb.open('x', sealed, 'aad')).toThrow(/does not open/);
  });
});
