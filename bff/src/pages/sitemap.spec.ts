import type { CompanySearchDocument } from '@upright/contracts';
import { parse } from 'node-html-parser';
import { robotsTxt, sitemapEntries, sitemapXml } from './sitemap';

const company = (slug: string, industries: string[], updated: string | null) =>
  ({ id: slug, company_name: slug, slug, industries, updated }) as CompanySearchDocument;

describe('the sitemap', () => {
  const entries = sitemapEntries(
    {
      industries: [
        { id: 'tools', industry_text: 'Tools', industry_alts: [], definition: '' },
        { id: 'banks', industry_text: 'Banks', industry_alts: [], definition: '' },
      ],
      companies: [
        company('acme', ['tools', 'closed'], '2026-02-01'),
        company('bolt & co', ['tools', 'banks'], '2026-03-05'),
      ],
      reports: [
        {
          id: '7',
          title: 'T',
          slug: 'top-tools',
          published_date: '2026-04-01',
          industry: 'tools',
          archived: false,
        },
      ],
    },
    // The web route table's fixed pages, as the server entry lists them.
    ['/', '/reports', '/faq'],
  );
  const lastmod = new Map(entries.map((entry) => [entry.path, entry.lastmod]));

  it('lists each company in each active industry, dated by the data', () => {
    expect(lastmod.get('/companies/us/tools/acme')).toBe('2026-02-01');
    expect(lastmod.get('/companies/us/banks/bolt%20%26%20co')).toBe('2026-03-05');
    expect(lastmod.has('/companies/us/closed/acme')).toBe(false);
    expect(lastmod.has('/corrections/us/tools/acme')).toBe(true);
    expect(lastmod.has('/corrections/us/closed/acme')).toBe(false);
    expect(lastmod.get('/companies/us/tools')).toBe('2026-03-05');
    expect(lastmod.get('/reports/7/2026-04-01/top-tools')).toBe('2026-04-01');
    expect(lastmod.get('/')).toBe('2026-04-01');
    expect(lastmod.get('/reports')).toBe('2026-04-01');
    expect(lastmod.get('/faq')).toBeNull();
  });

  it('lists the fixed pages it is given first, and no other', () => {
    expect(entries.slice(0, 3).map((entry) => entry.path)).toEqual(['/', '/reports', '/faq']);
    expect(lastmod.has('/about')).toBe(false);
  });

  it('is sitemap XML with absolute, escaped locations', () => {
    const xml = sitemapXml(entries, 'https://upright.example');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    const locs = parse(xml)
      .querySelectorAll('loc')
      .map((loc) => loc.text);
    expect(locs).toHaveLength(entries.length);
    expect(locs).toContain('https://upright.example/companies/us/tools/bolt%20%26%20co');
    expect(locs.every((loc) => loc.startsWith('https://upright.example/'))).toBe(true);
  });

  it('is named by robots.txt', () => {
    expect(robotsTxt('https://upright.example')).toContain(
      'Sitemap: https://upright.example/sitemap.xml',
    );
  });
});
