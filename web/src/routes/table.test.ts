import { describe, expect, it } from 'vitest';
import { WebPaths } from '@upright/contracts';
import { canonicalLocation, isBarePath, matchRoute } from './table';

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
      '/industries',
      '/accessibility',
    ];
    for (const path of paths) expect(matchRoute(path)).not.toBeNull();
    expect(matchRoute('/nothing/here/at/all')).toBeNull();
  });

  it('knows the prefetchable data of a page', () => {
    const match = matchRoute('/companies/us/banks')!;
    expect(match.route.data?.(match.params, new URLSearchParams())).toEqual([
      '/api/companies/us/banks',
    ]);
    // Parameters are decoded once, as the app's router decodes them, so data paths encode once.
    const company = matchRoute('/companies/us/banks/acme%20%26%20co')!;
    expect(company.route.data?.(company.params, new URLSearchParams())).toEqual([
      '/api/primary/us/banks/acme%20%26%20co',
    ]);
  });

  it("matches capitals as the app's router does, unless asked to be exact as the server is", () => {
    expect(matchRoute('/About')?.route.path).toBe('/about');
    expect(matchRoute('/About', true)).toBeNull();
    expect(matchRoute('/companies/us/banks/%E0%A4%A')).toBeNull();
  });

  it('widgets use the bare layout (and only they may be framed, the BFF asks this too)', () => {
    expect(isBarePath('/widgets/companies/us/banks')).toBe(true);
    expect(isBarePath('/widgets/reports/1/2026-01-01/x')).toBe(true);
    expect(isBarePath('/widgetsx')).toBe(false);
    expect(isBarePath('/companies/us/banks')).toBe(false);
    expect(matchRoute('/widgets/reports/1/2026-01-02/x')?.route.bare).toBe(true);
  });

  it('keeps a location to its path and the query its route reads (decision 0049)', () => {
    expect(canonicalLocation('/companies/us/banks?utm_source=x&fbclid=1&gclid=2')).toBe(
      '/companies/us/banks',
    );
    expect(canonicalLocation('/companies/us/banks?q=acme&utm_medium=social&sort=tax')).toBe(
      '/companies/us/banks?sort=tax&q=acme',
    );
    expect(canonicalLocation('/reports?page=2&junk')).toBe('/reports?page=2');
    // The layout's search bar reads its state on every page but widgets.
    expect(
      canonicalLocation('/about?utm_source=x&search_in=reports&search=tax&search_sector=a'),
    ).toBe('/about?search=tax&search_in=reports&search_sector=a');
    expect(canonicalLocation('/widgets/companies/us/banks?search=tax')).toBe(
      '/widgets/companies/us/banks',
    );
    expect(canonicalLocation('/about')).toBe('/about');
    expect(canonicalLocation('/no/such/page?x=1')).toBe('/no/such/page?x=1');
  });

  it('gives the same answers for paths it has seen and after more paths than it keeps', () => {
    for (let round = 0; round < 2; round += 1) {
      for (let index = 0; index < 1_500; index += 1) {
        expect(canonicalLocation(`/companies/us/i${index}?utm_source=${round}&sort=tax`)).toBe(
          `/companies/us/i${index}?sort=tax`,
        );
        expect(canonicalLocation(`/no/such/page-${index}?x=${round}`)).toBe(
          `/no/such/page-${index}?x=${round}`,
        );
      }
      expect(canonicalLocation(`/widgets/companies/us/banks?search=${round}`)).toBe(
        '/widgets/companies/us/banks',
      );
    }
  });
});
