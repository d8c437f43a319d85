/**
 * infra/local/migrate.ts reads one password per service role and gives `sslmode` libpq's meaning
 * for both of its clients (node-postgres and dbmate), with the CA of PGSSLROOTCERT for both.
 */
import { dbmateUrl, pgUrl, readMigrateSettings, rolePasswordsFrom } from '../local/migrate';

const PASSWORDS = {
  ACCOUNTS_DB_PASSWORD: 'pw-accounts',
  RANKINGS_DB_PASSWORD: 'pw-rankings',
  REPORTS_DB_PASSWORD: 'pw-reports',
  SEARCH_DB_PASSWORD: 'pw-search',
};
const ADMIN = 'postgres://owner:secret@db.internal:5432/upright?sslmode=verify-full';

describe('the environment of migrate.ts', () => {
  it('gives each service role its own password', () => {
    const settings = readMigrateSettings({ DATABASE_ADMIN_URL: ADMIN, ...PASSWORDS });
    expect(settings.passwords).toEqual({
      accounts: 'pw-accounts',
      rankings: 'pw-rankings',
      reports: 'pw-reports',
      search: 'pw-search',
    });
    expect(settings.sslRootCert).toBeUndefined();
  });

  it('refuses to start naming every missing variable', () => {
    const error = (() => {
      try {
        readMigrateSettings({ ACCOUNTS_DB_PASSWORD: 'pw' });
      } catch (caught) {
        return (caught as Error).message;
      }
      return 'no error';
    })();
    for (const variable of [
      'DATABASE_ADMIN_URL',
      'RANKINGS_DB_PASSWORD',
      'REPORTS_DB_PASSWORD',
      'SEARCH_DB_PASSWORD',
    ]) {
      expect(error).toContain(`${variable} must be set`);
    }
    expect(error).not.toContain('ACCOUNTS_DB_PASSWORD');
  });

  it('refuses a password that would break the service URL, naming it', () => {
    expect(() => rolePasswordsFrom({ ...PASSWORDS, SEARCH_DB_PASSWORD: 'p@ss/word' })).toThrow(
      /SEARCH_DB_PASSWORD must be non-empty and use URL-safe characters/,
    );
  });

  it('takes the CA file from PGSSLROOTCERT', () => {
    const settings = readMigrateSettings({
      DATABASE_ADMIN_URL: ADMIN,
      ...PASSWORDS,
      PGSSLROOTCERT: '/etc/upright/tls/postgres/ca.crt',
    });
    expect(settings.sslRootCert).toBe('/etc/upright/tls/postgres/ca.crt');
  });
});

describe('one sslmode meaning for node-postgres and dbmate', () => {
  const ca = '/etc/upright/tls/postgres/ca.crt';

  it('asks node-postgres for libpq semantics and gives both clients the CA', () => {
    const pg = pgUrl(new URL(ADMIN), ca);
    expect(pg.searchParams.get('uselibpqcompat')).toBe('true');
    expect(pg.searchParams.get('sslmode')).toBe('verify-full');
    expect(pg.searchParams.get('sslrootcert')).toBe(ca);
    const dbmate = dbmateUrl(new URL(ADMIN), 'accounts', ca);
    expect(dbmate.searchParams.get('sslmode')).toBe('verify-full');
    expect(dbmate.searchParams.get('sslrootcert')).toBe(ca);
    expect(dbmate.searchParams.get('search_path')).toBe('accounts');
  });

  it('never sends uselibpqcompat to dbmate, which would pass it to the server', () => {
    const given = new URL(`${ADMIN}&uselibpqcompat=true`);
    expect(dbmateUrl(given, 'search').searchParams.has('uselibpqcompat')).toBe(false);
  });

  it('connects both in clear when the URL has no sslmode (node-postgres does; lib/pq would require TLS)', () => {
    const plain = new URL('postgres://postgres@127.0.0.1:5432/upright');
    expect(pgUrl(plain).searchParams.has('uselibpqcompat')).toBe(false);
    expect(pgUrl(plain).searchParams.has('sslmode')).toBe(false);
    expect(dbmateUrl(plain, 'rankings').searchParams.get('sslmode')).toBe('disable');
  });

  it('keeps a CA the URL already names', () => {
    const given = new URL(`${ADMIN}&sslrootcert=/given.pem`);
    expect(pgUrl(given, ca).searchParams.get('sslrootcert')).toBe('/given.pem');
    expect(dbmateUrl(given, 'reports', ca).searchParams.get('sslrootcert')).toBe('/given.pem');
  });
});
