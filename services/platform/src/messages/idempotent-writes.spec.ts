import { openOutcome, outcomeKeys, sealOutcome } from './idempotent-writes';

describe('kept outcomes of keyed writes (decision 0050)', () => {
  it('are stored under a name and sealed with a key that both come from the request key', () => {
    const keys = outcomeKeys('accounts.registration.signup\nabc');
    expect(keys).toEqual(outcomeKeys('accounts.registration.signup\nabc'));
    expect(keys.id).not.toContain('abc');
    expect(outcomeKeys('accounts.registration.signup\nabd').id).not.toBe(keys.id);
    const outcome = { user: { uid: 'u-1' }, token: 'secret-session-token' };
    const sealed = sealOutcome(keys.cipherKey, outcome);
    expect(sealed).not.toContain('secret');
    expect(openOutcome(keys.cipherKey, sealed)).toEqual(outcome);
    expect(openOutcome(keys.cipherKey, sealOutcome(keys.cipherKey, null))).toBeNull();
  });

  it('open only with the key they were sealed with', () => {
    const sealed = sealOutcome(outcomeKeys('a').cipherKey, { token: 't' });
    expect(() => openOutcome(outcomeKeys('b').cipherKey, sealed)).toThrow();
  });
});
