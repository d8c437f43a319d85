import { correctionPageOf } from './corrections';
import { WebPaths } from '../links';

describe('correction pages', () => {
  it('reads ?page= as a page number: 1 when absent, null when it names no page', () => {
    expect(correctionPageOf(null)).toBe(1);
    expect(correctionPageOf('3')).toBe(3);
    expect(correctionPageOf('1000')).toBe(1000);
    for (const bad of ['0', '-1', '1.5', 'two', '', '01', '1001', '99999999999', ' 2']) {
      expect({ bad, page: correctionPageOf(bad) }).toEqual({ bad, page: null });
    }
  });

  it('gives the first page the address without a query', () => {
    expect(WebPaths.correctionLedger('tools', 'acme-co')).toBe('/corrections/us/tools/acme-co');
    expect(WebPaths.correctionLedger('tools', 'acme-co', 1)).toBe('/corrections/us/tools/acme-co');
    expect(WebPaths.correctionLedger('tools', 'acme-co', 2)).toBe(
      '/corrections/us/tools/acme-co?page=2',
    );
    expect(WebPaths.adminCorrections()).toBe('/admin/corrections');
    expect(WebPaths.adminCorrections(3)).toBe('/admin/corrections?page=3');
  });
});
