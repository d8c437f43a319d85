import {
  applicableIssues,
  ISSUES,
  type IndustryCompaniesResponse,
  type Period,
  type SiteFacts,
} from '@upright/contracts';

/**
 * The home statement's counts (decision 0056) from each active industry's ranking at its latest
 * period: a company ranked in two industries counts once; the period and date are the newest.
 */
export function siteFacts(rankings: readonly IndustryCompaniesResponse[]): SiteFacts {
  const companies = new Set<string>();
  let period: Period | null = null;
  let updated: string | null = null;
  const industries = rankings.map(({ industryResult, result, period: ranked }) => {
    for (const company of result.ranked) {
      companies.add(company.upright_cid);
      if (company.updated !== null && (updated === null || company.updated > updated)) {
        updated = company.updated;
      }
    }
    if (ranked !== null && (period === null || later(ranked, period))) period = ranked;
    return {
      industry: industryResult.industry,
      industry_text: industryResult.industry_text,
      definition: industryResult.definition,
      companies: result.ranked.length,
      issues: applicableIssues(industryResult.industry_values).length,
      period: ranked,
    };
  });
  return { companies: companies.size, issues: ISSUES.length, period, updated, industries };
}

function later(a: Period, b: Period): boolean {
  return a.period_year * 4 + a.period_qrt > b.period_year * 4 + b.period_qrt;
}
