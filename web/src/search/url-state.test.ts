import { describe, expect, it } from 'vitest';
import { readSearchState, writeSearchState } from './url-state';

const params = (query: string) => new URLSearchParams(query);

describe('search panel state in the URL', () => {
  it('writes the text, the mode when not companies, and each chosen value; keeps other parameters', () => {
    const written = writeSearchState(params('sort=name&q=acme&search=old&search_sector=X'), {
      mode: 'companies',
      text: ' Acme ',
      filters: { industry: ['banks'], sector: ['Energy', 'Consumer Staples'], unknown: ['x'] },
    });
    expect(written.toString()).toBe(
      'sort=name&q=acme&search=Acme&search_industry=banks&search_sector=Energy&search_sector=Consumer+Staples',
    );
    const reports = writeSearchState(params(''), {
      mode: 'reports',
      text: 'climate',
      filters: { industry: ['oil'], sector: ['Energy'] },
    });
    expect(reports.toString()).toBe('search=climate&search_in=reports&search_industry=oil');
  });

  it('a closed panel or an empty text leaves only the other parameters', () => {
    const open = 'q=a&search=Acme&search_in=industries&search_industry=banks';
    expect(writeSearchState(params(open), null).toString()).toBe('q=a');
    expect(
      writeSearchState(params(open), { mode: 'companies', text: '  ', filters: {} }).toString(),
    ).toBe('q=a');
  });

  it('reads back what it wrote, for a bar offering that mode only', () => {
    const state = {
      mode: 'companies' as const,
      text: 'Acme',
      filters: { industry: ['banks', 'oil'], sector: ['Energy'] },
    };
    const written = writeSearchState(params('page=2'), state);
    expect(readSearchState(written, ['companies', 'industries'])).toEqual(state);
    expect(readSearchState(written, ['reports'])).toBeNull();
  });

  it('keeps the page of results past the first, and reads only a page the API serves', () => {
    const state = { mode: 'companies' as const, text: 'Acme', filters: {}, page: 3 };
    const written = writeSearchState(params('search_page=9'), state);
    expect(written.toString()).toBe('search=Acme&search_page=3');
    expect(readSearchState(written, ['companies'])).toEqual(state);
    expect(writeSearchState(params(''), { ...state, page: 1 }).toString()).toBe('search=Acme');
    for (const page of ['1', '0', '-2', '2.5', 'x', '502']) {
      expect(readSearchState(params(`search=a&search_page=${page}`), ['companies'])).toEqual({
        mode: 'companies',
        text: 'a',
        filters: {},
      });
    }
    expect(readSearchState(params('search=a&search_page=501'), ['companies'])?.page).toBe(501);
  });

  it('ignores unknown modes, empty texts, filters the mode lacks, empty and repeated values', () => {
    expect(readSearchState(params('search=a&search_in=secrets'), ['companies'])).toBeNull();
    expect(readSearchState(params('search=%20'), ['companies'])).toBeNull();
    expect(readSearchState(params('search_industry=banks'), ['companies'])).toBeNull();
    expect(
      readSearchState(
        params('search=banks&search_in=industries&search_industry=x&search_sector=y'),
        ['industries'],
      ),
    ).toEqual({ mode: 'industries', text: 'banks', filters: {} });
    expect(
      readSearchState(params('search=a&search_sector=&search_sector=E&search_sector=E'), [
        'companies',
      ]),
    ).toEqual({ mode: 'companies', text: 'a', filters: { sector: ['E'] } });
  });
});
