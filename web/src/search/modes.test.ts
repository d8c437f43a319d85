import { describe, expect, it } from 'vitest';
import { SEARCH_APP_FIELDS } from '@upright/contracts';
import { pathOfDocument, RADIO_MODES, SEARCH_MODES } from './modes';

describe('search modes', () => {
  it('uses the exact spec placeholders, and the radio offers companies and industries only', () => {
    expect(SEARCH_MODES.companies.placeholder).toBe('Beta search [mostly large US corporations]');
    expect(SEARCH_MODES.industries.placeholder).toBe('Search beta [US industries & sectors only]');
    expect(SEARCH_MODES.reports.placeholder).toBe('Beta search [reports]');
    expect(RADIO_MODES).toEqual(['companies', 'industries']);
  });

  it('searches exactly the text fields the BFF accepts', () => {
    for (const app of ['companies', 'industries', 'reports'] as const) {
      expect(SEARCH_MODES[app].fields.map((entry) => entry.field)).toEqual([
        ...SEARCH_APP_FIELDS[app].text,
      ]);
    }
  });

  it('turns a document into its page', () => {
    expect(
      pathOfDocument('companies', 'UC1', { industry: 'airlines', slug: 'ulvissa-airlines' }),
    ).toBe('/companies/us/airlines/ulvissa-airlines');
    expect(pathOfDocument('industries', 'banks', {})).toBe('/companies/us/banks');
    expect(pathOfDocument('reports', '12', { published_date: '2026-01-02', slug: 'x' })).toBe(
      '/reports/12/2026-01-02/x',
    );
    expect(pathOfDocument('companies', 'UC1', {})).toBeNull();
  });
});
