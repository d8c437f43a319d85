import { markdownBlocks, Patterns, WebPaths, type CompanyDetail } from '@upright/contracts';
import type { ServiceClient } from '@upright/platform';
import { translateError } from '../http/api-error.filter';
import { publishedParams } from '../reports/reports.schemas';
import type { PageHead } from './page-head';
import { periodText } from './page-facts';
import type { PageRoute, StaticPageName } from './page-routes';
import { shareImagePath } from './share-paths';

/** A page's status and head tags, or where it lives now. */
export type PageHeadOrMove =
  { status: 200 | 404; head: PageHead } | { status: 301; location: string };

/** Public pages the server renders (the others are left to the browser). */
type RenderedRoute = Exclude<PageRoute, { kind: 'client' }>;

/**
 * The status and head tags of each public page (docs/product/rules.md#s13), made from the same
 * service calls as the API answers the web app reads; the page's content is the app's, rendered
 * by AppRenderer (record 0039).
 */
export class PageHeads {
  constructor(
    private readonly services: ServiceClient,
    private readonly productName: string,
  ) {}

  /** Throws what the services throw, except `not_found`, which is this page's 404. */
  async render(route: RenderedRoute): Promise<PageHeadOrMove> {
    try {
      return await this.renderRoute(route);
    } catch (error) {
      if (translateError(error).status === 404) return this.notFound();
      throw error;
    }
  }

  private renderRoute(route: RenderedRoute): Promise<PageHeadOrMove> {
    switch (route.kind) {
      case 'home':
        return Promise.resolve(this.home());
      case 'reports':
        return Promise.resolve(this.reports());
      case 'report':
        return this.report(route);
      case 'industry':
        return this.industry(route.industry);
      case 'compare':
        return this.compare(route.industry);
      case 'ledger':
        return this.ledger(route);
      case 'company':
        return this.company(route);
      case 'static':
        return Promise.resolve(this.static(route.page));
    }
  }

  notFound(): PageHeadOrMove {
    return {
      status: 404,
      head: {
        title: `Page not found · ${this.productName}`,
        description: 'The page you asked for does not exist.',
        path: WebPaths.home(),
      },
    };
  }

  private home(): PageHeadOrMove {
    const name = this.productName;
    return {
      status: 200,
      head: {
        title: `${name}: company rankings by what you care about`,
        description: `${name} ranks large US companies within their industries on climate, pay, lobbying, taxes and more.`,
        path: WebPaths.home(),
        jsonLd: { '@type': 'WebSite', name, url: WebPaths.home() },
      },
    };
  }

  private reports(): PageHeadOrMove {
    return {
      status: 200,
      head: {
        title: `Reports · ${this.productName}`,
        description: `The latest rankings reports of ${this.productName}: which large US companies lead their industries on each issue.`,
        path: WebPaths.reports(),
      },
    };
  }

  private async report(route: Extract<PageRoute, { kind: 'report' }>): Promise<PageHeadOrMove> {
    const params = publishedParams.safeParse(route);
    if (!params.success) return this.notFound();
    const answer = await this.services.request(Patterns.reports.published, {
      report_id: params.data.id,
      date: params.data.date,
      slug: params.data.slug,
    });
    if (!answer.found) {
      const { report_id, published_date, slug } = answer.canonical;
      return { status: 301, location: WebPaths.report(String(report_id), published_date, slug) };
    }
    const published = answer.published;
    const { report } = published;
    const blocks = markdownBlocks(report.report ?? '');
    const summary = blocks.find((block) => block.kind === 'paragraph')?.text ?? report.title;
    return {
      status: 200,
      head: {
        title: `${report.title} · ${this.productName}`,
        description: clip(summary),
        path: published.canonical,
        image: shareImagePath.report(report.report_id),
        type: 'article',
        jsonLd: {
          '@type': 'Dataset',
          name: report.title,
          description: clip(summary, 5000),
          url: published.canonical,
          datePublished: report.published_date,
          temporalCoverage: quarterInterval(report),
          creator: { '@type': 'Organization', name: this.productName },
        },
      },
    };
  }

  private async industry(industry: string): Promise<PageHeadOrMove> {
    const data = await this.services.request(Patterns.rankings.industryCompanies, {
      industry,
      period: null,
    });
    const text = data.industryResult.industry_text;
    const description = `${text}: large US companies ranked on the issues members care about${data.period ? `, ${periodText(data.period)}` : ''}. ${data.industryResult.definition}`;
    return {
      status: 200,
      head: {
        title: `${text} rankings · ${this.productName}`,
        description: clip(description),
        path: WebPaths.industry(industry),
        image: shareImagePath.industry(industry),
        jsonLd: {
          '@type': 'Dataset',
          name: `${text} rankings`,
          description: clip(description, 5000),
          url: WebPaths.industry(industry),
          ...(data.period ? { temporalCoverage: quarterInterval(data.period) } : {}),
          creator: { '@type': 'Organization', name: this.productName },
        },
      },
    };
  }

  /** The comparison's choice is in its query: one canonical page per industry. */
  private async compare(industry: string): Promise<PageHeadOrMove> {
    const data = await this.services.request(Patterns.rankings.industryCompanies, {
      industry,
      period: null,
    });
    const text = data.industryResult.industry_text;
    return {
      status: 200,
      head: {
        title: `Compare ${text} companies · ${this.productName}`,
        description: clip(
          `${text}: two to four companies side by side, their ranks on each issue, the figures behind them with their sources, and their history.`,
        ),
        path: `/compare/us/${encodeURIComponent(industry)}`,
        image: shareImagePath.industry(industry),
      },
    };
  }

  private async ledger(route: {
    industry: string;
    company: string;
    page: number;
  }): Promise<PageHeadOrMove> {
    const ledger = await this.services.request(Patterns.rankings.correctionLedger, {
      industry: route.industry,
      company: route.company,
      page: route.page,
    });
    if (ledger === null) return this.notFound();
    const first = WebPaths.correctionLedger(route.industry, ledger.company.slug);
    // The move keeps the request's query (its page); each page is its own canonical address.
    if (route.company !== ledger.company.slug) return { status: 301, location: first };
    const path = WebPaths.correctionLedger(route.industry, ledger.company.slug, route.page);
    const name = ledger.company.company_name;
    return {
      status: 200,
      head: {
        title: `Corrections to ${name} · ${this.productName}`,
        description: clip(
          `Every correction requested to ${name}'s data: when it was asked and resolved, what changed and why. Requests are acknowledged at once and resolved within ${ledger.promise_days} days.`,
        ),
        path,
      },
    };
  }

  private async company(route: { industry: string; company: string }): Promise<PageHeadOrMove> {
    const detail = await this.services.request(Patterns.rankings.companyDetail, route);
    if (detail === null) return this.notFound();
    const path = WebPaths.company(route.industry, detail.slug);
    if (route.company !== detail.slug) return { status: 301, location: path };
    const industry = detail.industryList.find((item) => item.industry === route.industry);
    const where = industry?.industry_text ?? route.industry;
    const ranks = detail.ranks;
    const description = ranks
      ? `${detail.company_name} ranks ${ranks.arank} of ${ranks.lowestRank} in ${where} (${periodText(ranks.period)}) on the issues members care about.`
      : `${detail.company_name} in ${where}: how it does on the issues members care about.`;
    return {
      status: 200,
      head: {
        title: `${detail.company_name} · ${this.productName}`,
        description,
        path,
        image: shareImagePath.company(route.industry, detail.slug),
        type: 'profile',
        jsonLd: organization(detail, path),
      },
    };
  }

  private static(page: StaticPageName): PageHeadOrMove {
    const { title, description, path } = staticPage(page, this.productName);
    return {
      status: 200,
      head: { title: `${title} · ${this.productName}`, description, path },
    };
  }
}

/** Meta descriptions are shown cut at about 160 characters; cut at a word. */
function clip(text: string, max = 160): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** schema.org's time interval of a quarter, e.g. 2026-01/2026-03. */
function quarterInterval(value: { period_year: number; period_qrt: number }): string {
  const first = (value.period_qrt - 1) * 3 + 1;
  const month = (m: number) => String(m).padStart(2, '0');
  return `${value.period_year}-${month(first)}/${value.period_year}-${month(first + 2)}`;
}

function staticPage(page: StaticPageName, name: string) {
  const pages: Record<StaticPageName, { title: string; description: string }> = {
    about: {
      title: 'About',
      description: `${name} ranks large US companies within their industries on the issues members care about, from public sources.`,
    },
    faq: {
      title: 'FAQ',
      description: `How ${name}'s rankings are computed, how priorities change them, and where the data comes from.`,
    },
    contact: {
      title: 'Contact',
      description: `Write to ${name}: questions, corrections to the data, press.`,
    },
    privacy: {
      title: 'Privacy policy',
      description: `What ${name} collects, why, and how to have it deleted.`,
    },
    terms: {
      title: 'Terms of use',
      description: `The terms of using ${name} and its rankings.`,
    },
    developers: {
      title: 'Developers',
      description: `The ${name} public read API (OpenAPI 3.1), its versioning and deprecation policy, rate limits and open-data downloads.`,
    },
    methodology: {
      title: 'Methodology',
      description: `The exact ranking rules in plain words, a worked example computed live on a real industry, and the members' average priorities that weigh visitors' rankings.`,
    },
    industries: {
      title: 'Industries',
      description: `Every industry ${name} ranks, with how many companies and issues each covers: pick one to see its ranking or compare its companies.`,
    },
    accessibility: {
      title: 'Accessibility statement',
      description: `How ${name} aims at WCAG 2.2 AA, how it is tested, and the gaps we know of.`,
    },
  };
  const paths: Record<StaticPageName, string> = {
    about: '/about',
    faq: '/faq',
    contact: WebPaths.contact(),
    privacy: WebPaths.privacyPolicy(),
    terms: WebPaths.termsOfUse(),
    developers: '/developers',
    methodology: '/methodology',
    industries: '/industries',
    accessibility: '/accessibility',
  };
  return { ...pages[page], path: paths[page] };
}

function organization(detail: CompanyDetail, path: string): Record<string, unknown> {
  const hq = detail.headquarters;
  return {
    '@type': 'Organization',
    name: detail.company_name,
    url: path,
    ...(detail.brands.length > 0
      ? { brand: detail.brands.map((name) => ({ '@type': 'Brand', name })) }
      : {}),
    ...(hq?.city || hq?.state
      ? {
          address: {
            '@type': 'PostalAddress',
            addressLocality: hq.city ?? undefined,
            addressRegion: hq.state ?? undefined,
            addressCountry: 'US',
          },
        }
      : {}),
  };
}
