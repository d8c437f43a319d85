import type { IndustryCompaniesResponse, Period, RankedCompany } from '@upright/contracts';

/** A period as pages show it: Q1 2026. */
export function periodText(period: Period): string {
  return `Q${period.period_qrt} ${period.period_year}`;
}

/** A rank as tables show it: ties carry a "T" prefix (T2 = tied for second). */
export function rankText(rank: number, tied: boolean | null): string {
  return `${tied ? 'T' : ''}${rank}`;
}

/** A visitor's ranking: by members' average priorities (docs/product/rules.md#s5 rule 7). */
export function visitorRanking(data: IndustryCompaniesResponse): RankedCompany[] {
  const byId = new Map(data.result.ranked.map((company) => [company.upright_cid, company]));
  return data.result.aranked.map((id) => byId.get(id)!);
}
