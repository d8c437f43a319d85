import type { IncomingMessage } from 'node:http';
import { ClientBudget, clientAddress } from './client-budget';

function request(url: string, peer: string, forwarded?: string): IncomingMessage {
  return {
    url,
    socket: { remoteAddress: peer },
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  } as unknown as IncomingMessage;
}

describe('clientAddress', () => {
  it('is the peer when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    expect(clientAddress(request('/api/active', '10.0.0.1', '1.2.3.4'), 0)).toBe('10.0.0.1');
  });

  it('steps back one address per trusted proxy', () => {
    const behindTwo = request('/api/active', '10.0.0.1', '6.6.6.6, 1.2.3.4, 10.0.0.2');
    expect(clientAddress(behindTwo, 1)).toBe('10.0.0.2');
    expect(clientAddress(behindTwo, 2)).toBe('1.2.3.4');
  });

  it('never goes further back than the header does', () => {
    expect(clientAddress(request('/api/active', '10.0.0.1', '1.2.3.4'), 5)).toBe('1.2.3.4');
    expect(clientAddress(request('/api/active', '10.0.0.1'), 3)).toBe('10.0.0.1');
  });
});

describe('ClientBudget', () => {
  /** Stands for the page renderer's check of its own header. */
  const isRenderer = (request: IncomingMessage) => request.headers['x-renderer'] === 'yes';

  it('admits a client its budget per window, then refuses it until the window ends', () => {
    let now = 1_000_000;
    const limit = new ClientBudget({ points: 3, seconds: 60 }, 0, isRenderer, () => now);
    const client = request('/api/active', '10.0.0.1');
    for (let i = 0; i < 3; i++) expect(limit.admit(client)).toBeNull();
    now += 45_000;
    const refusal = limit.admit(client)!;
    expect(refusal.retryAfterSeconds).toBe(15);
    expect(refusal.body.error.code).toBe('rate_limited');
    expect(limit.admit(request('/api/active', '10.0.0.2'))).toBeNull();
    now += 15_000;
    expect(limit.admit(client)).toBeNull();
  });

  it('counts an IPv6 client by its /64, and IPv4 mapped into IPv6 as that IPv4 address', () => {
    const limit = new ClientBudget({ points: 2, seconds: 60 }, 0, isRenderer, () => 0);
    expect(limit.admit(request('/api/active', '2001:db8:1:2::a'))).toBeNull();
    expect(limit.admit(request('/api/active', '2001:db8:1:2:ffff::b'))).toBeNull();
    expect(limit.admit(request('/api/active', '2001:db8:1:2::c'))).not.toBeNull();
    expect(limit.admit(request('/api/active', '2001:db8:1:3::a'))).toBeNull();
    expect(limit.admit(request('/api/active', '::ffff:203.0.113.7'))).toBeNull();
    expect(limit.admit(request('/api/active', '::ffff:203.0.113.8'))).toBeNull();
    expect(limit.admit(request('/api/active', '203.0.113.7'))).toBeNull();
    expect(limit.admit(request('/api/active', '203.0.113.7'))).not.toBeNull();
  });

  it("never counts the BFF's own requests, however many", () => {
    const limit = new ClientBudget({ points: 1, seconds: 60 }, 0, isRenderer, () => 0);
    const own = request('/api/active', '127.0.0.1');
    own.headers['x-renderer'] = 'yes';
    for (let i = 0; i < 5; i++) expect(limit.admit(own)).toBeNull();
    expect(limit.admit(request('/api/active', '127.0.0.1'))).toBeNull();
    expect(limit.admit(request('/api/active', '127.0.0.1'))).not.toBeNull();
  });
});
