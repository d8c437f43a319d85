import { describe, expect, it } from 'vitest';
import { WebPaths } from '@upright/contracts';
import { isBarePath, matchRoute } from './table';

describe('route table', () => {
  it('has a page for every path other parts link to (WebPaths)', () => {
    const paths = [
      WebPaths.home(),
      WebPaths.reports(),
      WebPaths.report('3', '2026-01-02', 'a-b'),
      WebPaths.industry('banks'),
      WebPaths.company('banks', 'acme-bank'),
      WebPaths.signIn(),
      WebPaths.signUp(),
      WebPaths.priorities(),
      WebPaths.settings(),
      WebPaths.contact(),
      WebPaths.unsubscribe('u1', 'k1'),
      WebPaths.passwordReset('h'),
      WebPaths.verify('h'),
      WebPaths.privacyPolicy(),
      WebPaths.termsOfUse(),
      WebPaths.compare('banks', ['acme-bank', 'zen-bank']).split('?')[0],
      WebPaths.correctionLedger('banks', 'acme-bank'),
      WebPaths.correctionForm('banks', 'acme-bank', 'climate_score', {
        period_year: 2026,
        period_qrt: 1,
      }).split('?')[0],
      WebPaths.adminCorrections(),
      '/about',
      '/faq',
    ];
    for (const path of paths) expect(matchRoute(path)).not.toBeNull();
    expect(matchRoute('/nothing/here/at/all')).toBeNull();
  });

  it('knows the prefetchable data of a page', () => {
    const match = matchRoute('/companies/us/banks')!;
    expect(match.route.data?.(match.params)).toEqual(['/api/companies/us/banks']);
  });

  it('widgets use the bare layout', () => {
    expect(isBarePath('/widgets/companies/us/banks')).toBe(true);
    expect(isBarePath('/companies/us/banks')).toBe(false);
    expect(matchRoute('/widgets/reports/1/2026-01-02/x')?.route.bare).toBe(true);
  });
});
