import { describe, expect, it } from 'vitest';
import { routeTitle, serverHead, type HeadInput } from './heads';

const input = (params: HeadInput['params'], body: unknown, status = 200): HeadInput => ({
  params,
  answers: [{ status, body }],
  productName: 'Upright',
});

const period = { period_year: 2026, period_qrt: 2 };

describe('route heads', () => {
  it('describe the home page as the site, with WebSite data', () => {
    expect(serverHead('/')!({ ...input({}, null), answers: [] })).toEqual({
      status: 200,
      head: {
        title: 'Upright: company rankings by what you care about',
        description:
          'Upright ranks large US companies within their industries on climate, pay, lobbying, taxes and more.',
        path: '/',
        jsonLd: { '@type': 'WebSite', name: 'Upright', url: '/' },
      },
    });
  });

  it("describe an industry by its ranking's period and definition, with its share image", () => {
    const ranking = {
      industryResult: { industry_text: 'Tools', definition: 'Makers of tools.' },
      period,
    };
    expect(serverHead('/companies/us/:industry')!(input({ industry: 'tools' }, ranking))).toEqual({
      status: 200,
      head: {
        title: 'Tools rankings · Upright',
        description:
          'Tools: large US companies ranked on the issues members care about, Q2 2026. Makers of tools.',
        path: '/companies/us/tools',
        image: '/share/industries/tools.png',
        jsonLd: {
          '@type': 'Dataset',
          name: 'Tools rankings',
          description:
            'Tools: large US companies ranked on the issues members care about, Q2 2026. Makers of tools.',
          url: '/companies/us/tools',
          temporalCoverage: '2026-04/2026-06',
          creator: { '@type': 'Organization', name: 'Upright' },
        },
      },
    });
  });

  it('describe a company by its rank, with Organization data', () => {
    const detail = {
      slug: 'acme-co',
      company_name: 'Acme Co',
      industryList: [{ industry: 'tools', industry_text: 'Tools' }],
      ranks: { arank: 2, lowestRank: 9, period },
      brands: ['Acme'],
      headquarters: { city: 'Austin', state: null },
    };
    const outcome = serverHead('/companies/us/:industry/:company')!(
      input({ industry: 'tools', company: 'acme-co' }, detail),
    );
    expect(outcome).toEqual({
      status: 200,
      head: {
        title: 'Acme Co · Upright',
        description: 'Acme Co ranks 2 of 9 in Tools (Q2 2026) on the issues members care about.',
        path: '/companies/us/tools/acme-co',
        image: '/share/companies/tools/acme-co.png',
        type: 'profile',
        jsonLd: {
          '@type': 'Organization',
          name: 'Acme Co',
          url: '/companies/us/tools/acme-co',
          brand: [{ '@type': 'Brand', name: 'Acme' }],
          address: {
            '@type': 'PostalAddress',
            addressLocality: 'Austin',
            addressRegion: undefined,
            addressCountry: 'US',
          },
        },
      },
    });
  });

  it("describe a report by its first paragraph, cut at a word, as an article's Dataset", () => {
    const long = `${'word '.repeat(40)}end.`;
    const published = {
      canonical: '/reports/7/2026-04-01/top-tools',
      report: {
        report_id: 7,
        title: 'Top tools',
        report: `# Heading\n\n${long}`,
        published_date: '2026-04-01',
        ...period,
      },
    };
    const outcome = serverHead('/reports/:id/:date/:slug')!(input({}, published));
    expect(outcome).toMatchObject({
      status: 200,
      head: {
        title: 'Top tools · Upright',
        path: '/reports/7/2026-04-01/top-tools',
        image: '/share/reports/7.png',
        type: 'article',
        jsonLd: { '@type': 'Dataset', datePublished: '2026-04-01', description: long.trim() },
      },
    });
    const description = (outcome as { head: { description: string } }).head.description;
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/word…$/);
  });

  it('give one canonical comparison page per industry, whatever its choice', () => {
    const ranking = { industryResult: { industry_text: 'Tools' } };
    expect(
      serverHead('/compare/us/:industry')!(input({ industry: 'tools' }, ranking)),
    ).toMatchObject({
      head: { title: 'Compare Tools companies · Upright', path: '/compare/us/tools' },
    });
  });

  it('give the fixed pages their own title and path', () => {
    expect(serverHead('/privacy-policy')!(input({}, null))).toMatchObject({
      head: { title: 'Privacy policy · Upright', path: '/privacy-policy' },
    });
    expect(serverHead('/account/settings')).toBeNull();
  });

  it('title the document in the browser from the same heads, once the answers are in', () => {
    const ranking = { industryResult: { industry_text: 'Tools', definition: '' }, period: null };
    expect(routeTitle('/companies/us/tools', [ranking], 'Upright')).toBe(
      'Tools rankings · Upright',
    );
    expect(routeTitle('/companies/us/tools', null, 'Upright')).toBeNull();
    expect(routeTitle('/faq', [], 'Upright')).toBe('FAQ · Upright');
    expect(routeTitle('/account/signin', null, 'Upright')).toBe('Sign in · Upright');
    // No company (204), or another spelling of one: the not-found page or the move titles it.
    expect(routeTitle('/companies/us/tools/acme', [null], 'Upright')).toBeNull();
    expect(routeTitle('/nowhere', [], 'Upright')).toBe('Page not found · Upright');
  });
});
