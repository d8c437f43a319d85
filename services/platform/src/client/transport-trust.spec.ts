import { derivePairSecret, PeerKeys } from '@upright/transport';
import { ConfigError } from '../config/load-config';
import { DEVELOPMENT_TRANSPORT_SECRET, transportTrust } from './transport-trust';

const key = (n: number) => Buffer.alloc(32, n).toString('base64');

describe('transportTrust', () => {
  it('needs a key for every peer the process talks to, and names the missing ones', () => {
    const keys = `bff=${key(1)},rankings=${key(2)}`;
    expect(
      Object.keys(
        transportTrust('accounts', { NODE_ENV: 'production', TRANSPORT_KEYS: keys }).keys,
      ),
    ).toEqual(['bff', 'rankings']);
    let error: unknown;
    try {
      transportTrust('rankings', { NODE_ENV: 'production', TRANSPORT_KEYS: keys });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toMatch(
      /TRANSPORT_KEYS: no key for accounts, reports, search/,
    );
    expect((error as ConfigError).message).not.toContain(key(1));
  });

  it('has no development keys in production', () => {
    expect(() => transportTrust('bff', { NODE_ENV: 'production' })).toThrow(
      /TRANSPORT_KEYS: required when NODE_ENV is production/,
    );
    // Mail exchanges no messages (it works from its queue): it needs no keys.
    expect(transportTrust('mail', { NODE_ENV: 'production' }).keys).toEqual({});
  });

  it('derives development keys both sides agree on', () => {
    const bff = transportTrust('bff', { NODE_ENV: 'development' });
    const accounts = transportTrust('accounts', { NODE_ENV: 'test' });
    expect(bff.keys.accounts).toEqual(accounts.keys.bff);
    expect(bff.keys.accounts).toEqual(
      derivePairSecret(DEVELOPMENT_TRANSPORT_SECRET, 'bff', 'accounts'),
    );
    const parts = ['req', 'bff', 'accounts'];
    const signature = new PeerKeys('bff', bff.keys).sign('accounts', parts);
    expect(new PeerKeys('accounts', accounts.keys).verify('bff', parts, signature)).toBe(true);
  });
});
