import { accountsCallers } from './patterns/accounts';
import { Events, Patterns, transportPeersOf, transportPolicy } from './index';

const patterns = Object.values(Patterns).flatMap((group) => Object.values(group));

describe('transport policy', () => {
  it('lists the allowed callers of every pattern', () => {
    for (const pattern of patterns) {
      expect(transportPolicy.callersOf(pattern)?.length).toBeGreaterThan(0);
    }
    expect(transportPolicy.callersOf('accounts.nonexistent')).toBeUndefined();
  });

  it('lets only the BFF make member-scoped accounts calls (they trust the uid)', () => {
    const fromOthers = Object.entries(accountsCallers).filter(([, callers]) =>
      callers.some((caller) => caller !== 'bff'),
    );
    expect(fromOthers).toEqual([['averages', ['bff', 'rankings']]]);
    expect(transportPolicy.callersOf(Patterns.accounts.discontinue)).toEqual(['bff']);
  });

  it('seals the patterns that carry passwords, codes and session tokens', () => {
    for (const pattern of [
      Patterns.accounts.signin,
      Patterns.accounts.signup,
      Patterns.accounts.saveSettings,
      Patterns.accounts.resetPassword,
      Patterns.accounts.validateResetHash,
      Patterns.accounts.authenticate,
    ]) {
      expect(transportPolicy.isSealed(pattern)).toBe(true);
    }
    expect(transportPolicy.isSealed(Patterns.rankings.industryCompanies)).toBe(false);
  });

  it('lets an event be emitted only by the service it is named after', () => {
    expect(transportPolicy.emitterOf(Events.accounts.averagesChanged)).toBe('accounts');
    expect(transportPolicy.subscribersOf(Events.accounts.averagesChanged)).toEqual(['rankings']);
    expect(transportPolicy.emitterOf('accounts.unknown')).toBeUndefined();
  });

  it('gives each process the peers it needs keys for, and no others', () => {
    expect(transportPeersOf('bff')).toEqual(['accounts', 'rankings', 'reports', 'search']);
    expect(transportPeersOf('accounts')).toEqual(['rankings', 'bff']);
    expect(transportPeersOf('search')).toEqual(['rankings', 'reports', 'bff']);
    expect(transportPeersOf('mail')).toEqual([]);
  });

  it('lets reads repeat, and writes only with an idempotency key', () => {
    expect(transportPolicy.mayRepeat(Patterns.rankings.companyDetail, {})).toBe(true);
    expect(transportPolicy.mayRepeat(Patterns.accounts.authenticate, { token: 't' })).toBe(true);
    expect(transportPolicy.mayRepeat(Patterns.accounts.message, { uid: 'u' })).toBe(false);
    expect(transportPolicy.mayRepeat(Patterns.accounts.message, { idempotencyKey: '' })).toBe(
      false,
    );
    expect(
      transportPolicy.mayRepeat(Patterns.rankings.requestCorrection, { idempotencyKey: 'k-1' }),
    ).toBe(true);
    expect(transportPolicy.mayRepeat('accounts.nonexistent', {})).toBe(false);
  });

  it('checks only reads that record nothing for replay with their reply', () => {
    const search = (recordAnalytics: unknown) => ({
      app: 'companies',
      queries: [],
      recordAnalytics,
    });
    expect(transportPolicy.onlyReads(Patterns.rankings.companyDetail, {})).toBe(true);
    expect(transportPolicy.onlyReads(Patterns.search.reactiveSearch, search(false))).toBe(true);
    expect(transportPolicy.onlyReads(Patterns.search.reactiveSearch, search(true))).toBe(false);
    expect(transportPolicy.onlyReads(Patterns.search.reactiveSearch, search(undefined))).toBe(
      false,
    );
    expect(transportPolicy.onlyReads(Patterns.search.reactiveSearch, null)).toBe(false);
    expect(
      transportPolicy.onlyReads(Patterns.rankings.requestCorrection, { idempotencyKey: 'k-1' }),
    ).toBe(false);
    expect(transportPolicy.onlyReads('accounts.nonexistent', {})).toBe(false);
  });
});
