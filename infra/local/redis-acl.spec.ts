import {
  publicDataKeys,
  Queues,
  TRANSPORT_IDENTITIES,
  type TransportIdentity,
} from '@upright/contracts';
import { aclRules, aclSetUserCommand, aclUserName, urlForUser } from './redis-acl';

const prefixes = { transport: 'upright', queue: 'upright-q' };

describe('Redis ACL rules', () => {
  it('give search its own streams and write-only access to the services it calls', () => {
    const rules = aclRules('search', prefixes);
    expect(rules).toEqual(
      expect.arrayContaining([
        '~upright:rpc:search',
        '~upright:reply:search:*',
        '%W~upright:rpc:rankings',
        '%W~upright:reply:bff:*',
        '%R~upright:replicas:reports',
        '~upright-q:search-index:*',
        '-@dangerous',
      ]),
    );
    expect(rules.filter((rule) => rule.includes('accounts'))).toEqual([]);
  });

  it('let the BFF write to every service, read none of their streams, keep its own keys', () => {
    const rules = aclRules('bff', prefixes);
    expect(rules.filter((rule) => rule.startsWith('~'))).toEqual([
      '~upright:bff:*',
      '~upright:reply:bff:*',
      '~upright:rate-limit:*',
      '~upright:captcha:*',
    ]);
    expect(rules).toContain('%W~upright:rpc:accounts');
  });

  it('let an event reach its subscribers only, from its emitter only', () => {
    expect(aclRules('accounts', prefixes)).toContain('%W~upright:evt:accounts.averages.changed');
    expect(aclRules('rankings', prefixes)).toContain('~upright:evt:accounts.averages.changed');
    expect(aclRules('search', prefixes).join(' ')).not.toContain('evt:accounts');
  });

  it("let each producer move its own domains' public versions only, the BFF follow them all", () => {
    const versionKeys = (identity: TransportIdentity) =>
      aclRules(identity, prefixes).filter((rule) => rule.includes(':public:version:'));
    expect(versionKeys('accounts')).toEqual(['~upright:public:version:data']);
    expect(versionKeys('reports')).toEqual(['~upright:public:version:data']);
    expect(versionKeys('rankings')).toEqual([
      '~upright:public:version:data',
      '~upright:public:version:corrections',
    ]);
    expect(versionKeys('search')).toEqual(['~upright:public:version:search']);
    expect(versionKeys('mail')).toEqual([]);
    expect(versionKeys('bff')).toEqual([
      '%R~upright:public:version:data',
      '%R~upright:public:version:search',
      '%R~upright:public:version:corrections',
    ]);
    for (const producer of ['accounts', 'rankings', 'reports', 'search'] as const) {
      expect(aclRules(producer, prefixes)).toContain('~upright:public:broadcast');
    }
    const bff = aclRules('bff', prefixes);
    expect(bff).toContain('%R~upright:public:broadcast');
    expect(bff.join(' ')).not.toContain('~upright:public:averages');
    expect(aclRules('rankings', prefixes)).toContain('%R~upright:public:averages');
    expect(aclRules('accounts', prefixes)).toContain('~upright:public:averages:pending');
    expect(aclRules('accounts', prefixes)).toContain('~upright:public:averages:pending-members');
    expect(aclRules('mail', prefixes).join(' ')).not.toContain('public');
  });

  it('let accounts write every averages key, whichever rule is in force (decision 0055)', () => {
    const keys = publicDataKeys('upright');
    const averagesKeys = Object.entries(keys)
      .filter(([name, key]) => /averages/i.test(name) && typeof key === 'string')
      .map(([, key]) => `~${key as string}`);
    expect(averagesKeys).toContain('~upright:public:averages:preview');
    const accounts = aclRules('accounts', prefixes);
    for (const key of averagesKeys) expect(accounts).toContain(key);
  });

  it('let the import (as rankings) add rank alerts and accounts work them', () => {
    for (const identity of ['rankings', 'accounts'] as const) {
      expect(aclRules(identity, prefixes)).toContain('~upright-q:rank-alerts:*');
    }
    expect(aclRules('mail', prefixes)).not.toContain('~upright-q:rank-alerts:*');
  });

  it("give each mail producer its own mail queue only, and the mail service every producer's", () => {
    const accounts = aclRules('accounts', prefixes);
    const rankings = aclRules('rankings', prefixes);
    expect(accounts).toContain('~upright-q:mail-accounts:*');
    expect(accounts.join(' ')).not.toContain('mail-rankings');
    expect(rankings).toContain('~upright-q:mail-rankings:*');
    expect(rankings.join(' ')).not.toContain('mail-accounts');
    expect(aclRules('mail', prefixes)).toEqual(
      expect.arrayContaining([
        '~upright-q:mail-accounts:*',
        '~upright-q:mail-rankings:*',
        // The previous release's shared queue, which the mail worker drains: no producer's.
        '~upright-q:mail:*',
      ]),
    );
    for (const producer of ['accounts', 'rankings'] as const) {
      expect(aclRules(producer, prefixes)).not.toContain('~upright-q:mail:*');
    }
  });

  it('give every queue of the contracts to at least one process', () => {
    const rules = TRANSPORT_IDENTITIES.flatMap((identity) => aclRules(identity, prefixes));
    for (const queue of Object.values(Queues)) {
      expect(rules).toContain(`~upright-q:${queue}:*`);
    }
  });

  it("print a production user's command with its rules quoted and its password from the shell", () => {
    const command = aclSetUserCommand('rankings', prefixes);
    expect(command).toMatch(
      /^redis-cli ACL SETUSER upright-rankings reset on ">\$REDIS_PASSWORD_RANKINGS" 'resetkeys' /,
    );
    expect(command).toContain(" '~upright-q:mail-rankings:*' ");
    expect(command).not.toContain('mail-accounts');
    expect(command).toContain(" '-@dangerous' ");
  });

  it('name users by prefix and process, and put the credentials in the URL', () => {
    expect(aclUserName('mail', prefixes)).toBe('upright-mail');
    expect(urlForUser('redis://127.0.0.1:6379', 'upright-mail', 'ab12')).toBe(
      'redis://upright-mail:ab12@127.0.0.1:6379',
    );
  });
});
