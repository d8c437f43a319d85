import { readFileSync } from 'node:fs';
import { renderAsync } from '@resvg/resvg-js';
import { Patterns } from '@upright/contracts';
import type { ServiceClient } from '@upright/platform';
import satori from 'satori';
import { translateError } from '../shared/api-error.filter';
import { reportIdParam } from '../shared/route-params';
import { periodText, rankText, visitorRanking } from './page-facts';

/** Open Graph's recommended size; Twitter's large card takes the same. */
export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

/** What a share image says: the page's heading, a line about it, and the top of its ranking. */
export interface ShareCard {
  kicker: string;
  heading: string;
  line: string;
  ranked: string[];
}

const font = (weight: 400 | 700) =>
  readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`));

/**
 * Share images of reports, industries and companies (docs/product/rules.md#s13), drawn on the
 * server from the data: satori lays the card out as SVG, resvg rasterises it off the event loop;
 * no browser. A card is made once per data version and path (the caller keeps the PNG like any
 * public answer; the edge drops any query) and counts against the client's render budget.
 */
export class ShareImages {
  private readonly fonts = [
    { name: 'Inter', data: font(400), weight: 400 as const, style: 'normal' as const },
    { name: 'Inter', data: font(700), weight: 700 as const, style: 'normal' as const },
  ];

  constructor(
    private readonly services: ServiceClient,
    private readonly productName: string,
  ) {}

  /** The PNG of a share image path, or null when the path names nothing. */
  async image(path: string): Promise<Buffer | null> {
    try {
      const card = await this.card(path);
      return card === null ? null : await this.draw(card);
    } catch (error) {
      if (translateError(error).status === 404) return null;
      throw error;
    }
  }

  private async card(path: string): Promise<ShareCard | null> {
    const parts = /^\/share\/(reports|industries|companies)\/(.+)\.png$/.exec(path);
    if (parts === null) return null;
    const names = parts[2].split('/').map(decodeURIComponent);
    if (parts[1] === 'reports' && names.length === 1) return this.reportCard(names[0]);
    if (parts[1] === 'industries' && names.length === 1) return this.industryCard(names[0]);
    if (parts[1] === 'companies' && names.length === 2) return this.companyCard(names[0], names[1]);
    return null;
  }

  private async reportCard(id: string): Promise<ShareCard | null> {
    const reportId = reportIdParam.safeParse(id);
    if (!reportId.success) return null;
    const report = await this.services.request(Patterns.reports.report, {
      report_id: reportId.data,
    });
    const published = await this.services.request(Patterns.reports.published, {
      report_id: report.report_id,
      date: report.published_date,
      slug: report.slug,
    });
    const rankings = published.found ? (published.published.rankings?.rankings ?? []) : [];
    return {
      kicker: 'Report',
      heading: report.title,
      line: `Published ${report.published_date} · ${periodText(report)}`,
      ranked: rankings.slice(0, 3).map((company) => company.company_name),
    };
  }

  private async industryCard(industry: string): Promise<ShareCard> {
    const data = await this.services.request(Patterns.rankings.industryCompanies, {
      industry,
      period: null,
    });
    return {
      kicker: 'Industry ranking',
      heading: data.industryResult.industry_text,
      line: `${data.result.ranked.length} companies${data.period ? ` · ${periodText(data.period)}` : ''}`,
      ranked: visitorRanking(data)
        .slice(0, 3)
        .map((company) => company.company_name),
    };
  }

  private async companyCard(industry: string, company: string): Promise<ShareCard | null> {
    const detail = await this.services.request(Patterns.rankings.companyDetail, {
      industry,
      company,
    });
    if (detail === null) return null;
    const where = detail.industryList.find((item) => item.industry === industry);
    const ranks = detail.ranks;
    return {
      kicker: where?.industry_text ?? industry,
      heading: detail.company_name,
      line: ranks
        ? `Ranks ${rankText(ranks.arank, ranks.atied)} of ${ranks.lowestRank} · ${periodText(ranks.period)}`
        : 'Not ranked this period',
      ranked: [],
    };
  }

  private async draw(card: ShareCard): Promise<Buffer> {
    const svg = await satori(cardElement(card, this.productName), {
      width: SHARE_WIDTH,
      height: SHARE_HEIGHT,
      fonts: this.fonts,
    });
    // Rasterised on libuv's thread pool (resvg's async render), not on the event loop: a card
    // takes 50–330 ms of CPU there, which would hold every other request of this replica.
    return (await renderAsync(svg)).asPng();
  }
}

/** Satori's element tree (React's shape, without React). */
interface Element {
  type: string;
  key: null;
  props: { style?: Record<string, string | number>; children?: Array<Element | string> | string };
}

const box = (
  style: Element['props']['style'],
  children: Element['props']['children'],
): Element => ({
  type: 'div',
  key: null,
  props: { style: { display: 'flex', ...style }, children },
});

function cardElement(card: ShareCard, productName: string): Element {
  return box(
    {
      width: '100%',
      height: '100%',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: 72,
      background: '#0f3d2e',
      color: '#ffffff',
      fontFamily: 'Inter',
    },
    [
      box({ flexDirection: 'column' }, [
        box({ fontSize: 32, color: '#b7e4c7' }, card.kicker),
        box({ fontSize: 68, fontWeight: 700, marginTop: 16, lineHeight: 1.1 }, card.heading),
        box({ fontSize: 34, marginTop: 24, color: '#d8f3dc' }, card.line),
      ]),
      box(
        { flexDirection: 'column', fontSize: 32 },
        card.ranked.map((name, index) => box({ marginTop: 8 }, `${index + 1}. ${name}`)),
      ),
      box({ fontSize: 36, fontWeight: 700, justifyContent: 'flex-end' }, productName),
    ],
  );
}
