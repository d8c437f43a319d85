import {
  ISSUES,
  markdownBlocks,
  Patterns,
  WebPaths,
  type ActiveIndustry,
  type Block,
  type CompanyDetail,
  type IndustryCompaniesResponse,
  type PublishedReport,
  type ReportSummary,
} from '@upright/contracts';
import type { ServiceClient } from '@upright/platform';
import { translateError } from '../http/api-error.filter';
import { publishedParams } from '../reports/reports.schemas';
import { html, type Html } from './html';
import type { PageHead } from './page-head';
import { periodText, rankText, reportRank, visitorRanking } from './page-facts';
import type { PageRoute, StaticPageName } from './page-routes';
import { shareImagePath } from './share-paths';

/** A page's first HTML: its head tags and main content, or where it lives now. */
export type RenderedPage =
  { status: 200 | 404; head: PageHead; main: Html } | { status: 301; location: string };

/** Public pages the server renders (the others are left to the browser). */
type RenderedRoute = Exclude<PageRoute, { kind: 'client' }>;

/**
 * The first HTML of each public page (docs/product/rules.md#s13), made from the same service calls
 * as the API answers the web app reads, so a crawler and the started app show the same facts.
 */
export class PageRenderer {
  constructor(
    private readonly services: ServiceClient,
    private readonly productName: string,
  ) {}

  /** Throws what the services throw, except `not_found`, which is this page's 404. */
  async render(route: RenderedRoute): Promise<RenderedPage> {
    try {
      return await this.renderRoute(route);
    } catch (error) {
      if (translateError(error).status === 404) return this.notFound();
      throw error;
    }
  }

  private renderRoute(route: RenderedRoute): Promise<RenderedPage> {
    switch (route.kind) {
      case 'home':
        return this.home();
      case 'reports':
        return this.reports();
      case 'report':
        return this.report(route);
      case 'industry':
        return this.industry(route.industry);
      case 'company':
        return this.company(route);
      case 'static':
        return Promise.resolve(this.static(route.page));
    }
  }

  notFound(): RenderedPage {
    return {
      status: 404,
      head: {
        title: `Page not found · ${this.productName}`,
        description: 'The page you asked for does not exist.',
        path: WebPaths.home(),
      },
      main: html`<h1>Page not found</h1>
        <p>The page you asked for does not exist. <a href="/">Go to the home page</a>.</p>`,
    };
  }

  private async home(): Promise<RenderedPage> {
    const [featured, latest, industries] = await Promise.all([
      this.services.request(Patterns.reports.featured, { page: 1 }),
      this.services.request(Patterns.reports.latest, { page: 1 }),
      this.services.request(Patterns.rankings.activeIndustries, {}),
    ]);
    const name = this.productName;
    return {
      status: 200,
      head: {
        title: `${name}: company rankings by what you care about`,
        description: `${name} ranks large US companies within their industries on climate, pay, lobbying, taxes and more.`,
        path: WebPaths.home(),
        jsonLd: { '@type': 'WebSite', name, url: WebPaths.home() },
      },
      main: html`<h1>${name}</h1>
        <h2>Featured reports</h2>
        ${reportList(featured.items)}
        <h2>Latest reports</h2>
        ${reportList(latest.items)}
        <h2>Industries</h2>
        ${industryList(industries)}`,
    };
  }

  private async reports(): Promise<RenderedPage> {
    const latest = await this.services.request(Patterns.reports.latest, { page: 1 });
    return {
      status: 200,
      head: {
        title: `Reports · ${this.productName}`,
        description: `The latest rankings reports of ${this.productName}: which large US companies lead their industries on each issue.`,
        path: WebPaths.reports(),
      },
      main: html`<h1>Reports</h1>
        ${reportList(latest.items)}`,
    };
  }

  private async report(route: Extract<PageRoute, { kind: 'report' }>): Promise<RenderedPage> {
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
      main: html`<article>
        <h1>${report.title}</h1>
        <p>Published ${report.published_date} · ${periodText(report)}</p>
        ${blocks.map(blockHtml)} ${reportTable(published)}
      </article>`,
    };
  }

  private async industry(industry: string): Promise<RenderedPage> {
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
      main: html`<h1>${text}</h1>
        <p>${data.industryResult.definition}</p>
        ${industryTable(data, industry)}`,
    };
  }

  private async company(route: { industry: string; company: string }): Promise<RenderedPage> {
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
      main: html`<h1>${detail.company_name}</h1>
        <p>${description}</p>
        ${companyRanks(detail)}`,
    };
  }

  private static(page: StaticPageName): RenderedPage {
    const { title, description, heading, path } = staticPage(page, this.productName);
    return {
      status: 200,
      head: { title: `${title} · ${this.productName}`, description, path },
      main: html`<h1>${heading}</h1>
        <p>${description}</p>`,
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
  const pages: Record<StaticPageName, { title: string; heading: string; description: string }> = {
    about: {
      title: 'About',
      heading: `About ${name}`,
      description: `${name} ranks large US companies within their industries on the issues members care about, from public sources.`,
    },
    faq: {
      title: 'FAQ',
      heading: 'Frequently asked questions',
      description: `How ${name}'s rankings are computed, how priorities change them, and where the data comes from.`,
    },
    contact: {
      title: 'Contact',
      heading: `Contact ${name}`,
      description: `Write to ${name}: questions, corrections to the data, press.`,
    },
    privacy: {
      title: 'Privacy policy',
      heading: 'Privacy policy',
      description: `What ${name} collects, why, and how to have it deleted.`,
    },
    terms: {
      title: 'Terms of use',
      heading: 'Terms of use',
      description: `The terms of using ${name} and its rankings.`,
    },
    developers: {
      title: 'Developers',
      heading: `${name} API and open data`,
      description: `The ${name} public read API (OpenAPI 3.1), its versioning and deprecation policy, rate limits and open-data downloads.`,
    },
    methodology: {
      title: 'Methodology',
      heading: `How ${name} ranks companies`,
      description: `The exact ranking rules in plain words, a worked example computed live on a real industry, and the members' average priorities that weigh visitors' rankings.`,
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
  };
  return { ...pages[page], path: paths[page] };
}

function reportList(reports: ReportSummary[]): Html {
  return html`<ul>
    ${reports.map(
      (report) =>
        html`<li><a href="${report.path}">${report.title}</a> (${report.published_date})</li>`,
    )}
  </ul>`;
}

function industryList(industries: ActiveIndustry[]): Html {
  return html`<ul>
    ${industries.map(
      (item) =>
        html`<li><a href="${WebPaths.industry(item.industry)}">${item.industry_text}</a></li>`,
    )}
  </ul>`;
}

function blockHtml(block: Block): Html {
  if (block.kind === 'heading') return html`<h2>${block.text}</h2>`;
  if (block.kind === 'paragraph') return html`<p>${block.text}</p>`;
  return html`<ul>
    ${block.items.map((item) => html`<li>${item}</li>`)}
  </ul>`;
}

/** A table of ranks: a heading for each column, the rank first in each row. */
function rankTable(caption: string, columns: [string, string], rows: Array<[string, Html]>): Html {
  return html`<table>
    <caption>
      ${caption}
    </caption>
    <thead>
      <tr>
        ${columns.map((column) => html`<th scope="col">${column}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${rows.map(
        ([rank, label]) =>
          html`<tr>
            <td>${rank}</td>
            <td>${label}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

const companyLink = (industry: string, company: { slug: string; company_name: string }) =>
  html`<a href="${WebPaths.company(industry, company.slug)}">${company.company_name}</a>`;

function industryTable(data: IndustryCompaniesResponse, industry: string): Html {
  const caption = `Ranking${data.period ? `, ${periodText(data.period)}` : ''}`;
  return rankTable(
    caption,
    ['Rank', 'Company'],
    visitorRanking(data).map((company) => [
      rankText(company.arank, company.atied),
      companyLink(industry, company),
    ]),
  );
}

function reportTable(published: PublishedReport): Html {
  if (published.rankings === null) return html``;
  const { value, industry, title } = published.report;
  return rankTable(
    `${title}, ${periodText(published.rankings.period)}`,
    ['Rank', 'Company'],
    published.rankings.rankings.map((company) => [
      reportRank(company, value),
      companyLink(industry, company),
    ]),
  );
}

function companyRanks(detail: CompanyDetail): Html {
  const ranks = detail.ranks;
  if (ranks === null) return html`<p>No scores for this company in the latest period.</p>`;
  const caption = `Ranks of ${detail.company_name}, ${periodText(ranks.period)}, out of ${ranks.lowestRank}`;
  return rankTable(
    caption,
    ['Issue', 'Rank'],
    [
      [rankText(ranks.arank, ranks.atied), html`Overall`],
      ...ISSUES.map((issue): [string, Html] => [
        rankText(ranks[`${issue.key}_rank`], ranks[`${issue.key}_tied`]),
        html`${issue.label}`,
      ]),
    ],
  );
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
