import { describe, expect, it } from 'vitest';
import { counted, issuesPhrase } from './site-statement';

describe('site statement', () => {
  it('names every issue in running text, keeping acronyms', () => {
    const phrase = issuesPhrase();
    expect(phrase).toMatch(/^climate, executive pay & income inequality, US lobbying, /);
    expect(phrase).toMatch(/ and [a-z]/);
    expect(phrase.split(', ')).toHaveLength(8);
  });

  it('joins short lists', () => {
    expect(issuesPhrase(['Climate'])).toBe('climate');
    expect(issuesPhrase(['Climate', 'US lobbying'])).toBe('climate and US lobbying');
    expect(issuesPhrase([])).toBe('');
  });

  it('counts in the singular and the plural', () => {
    expect(counted(1, 'company', 'companies')).toBe('1 company');
    expect(counted(212, 'company', 'companies')).toBe('212 companies');
  });
});
