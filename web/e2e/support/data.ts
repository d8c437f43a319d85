import { baseUrl } from './browser';

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`);
  if (!response.ok)
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Real sample-data values the journeys navigate to (never hard-coded names). */
export async function sampleTargets(): Promise<{
  industry: string;
  company: { slug: string; name: string; industry: string };
  /** The industry's first three companies on its page, for the comparison. */
  compareSlugs: string[];
  reportPath: string | null;
}> {
  const active = await get<Array<{ industry: string }>>('/api/active');
  const industry = active[0].industry;
  const companies = await get<{
    result: {
      ranked: Array<{ upright_cid: string; slug: string; company_name: string; industry: string }>;
      aranked: string[];
    };
  }>(`/api/companies/us/${industry}`);
  // The page's first row: aranked names it by id, ranked holds the company
  // (docs/product/rules.md#s11).
  const first = companies.result.ranked.find(
    (company) => company.upright_cid === companies.result.aranked[0],
  )!;
  const slugOf = new Map(
    companies.result.ranked.map((company) => [company.upright_cid, company.slug]),
  );
  const compareSlugs = companies.result.aranked.slice(0, 3).map((cid) => slugOf.get(cid)!);
  let reportPath: string | null = null;
  try {
    const latest = await get<{ items: Array<{ path: string }> }>('/api/reports/latest/1');
    reportPath = latest.items[0]?.path ?? null;
  } catch {
    reportPath = null;
  }
  return {
    industry,
    company: { slug: first.slug, name: first.company_name, industry },
    compareSlugs,
    reportPath,
  };
}
