/**
 * docs/product/rules.md#s11: every public read through the stack beside a bare server sending the
 * same answer. The industry is the one with the most companies (the largest answer).
 */
import type { IndustryCompaniesResponse } from '@upright/contracts';
import { largestIndustry, type Comparison, type SuiteContext } from './suite';

/**
 * The industry answer as it was before docs/product/rules.md#s11: every company in all three lists.
 */
function bytesWithCompaniesRepeated(answer: IndustryCompaniesResponse): number {
  const byCid = new Map(answer.result.ranked.map((company) => [company.upright_cid, company]));
  return Buffer.byteLength(
    JSON.stringify({
      ...answer,
      result: { ...answer.result, aranked: answer.result.aranked.map((id) => byCid.get(id)) },
    }),
  );
}

export async function benchReads(context: SuiteContext): Promise<void> {
  const { industry, companies } = await largestIndustry(context.env('RANKINGS_DATABASE_URL'));
  const industryPath = `/api/companies/us/${industry}`;
  const page = (await (
    await fetch(`${context.bffUrl}${industryPath}`)
  ).json()) as IndustryCompaniesResponse;
  const company = page.result.ranked[0].slug;
  const compared = page.result.ranked.slice(0, 3).map((entry) => entry.slug);
  const reads: Array<[string, string, Record<string, string>]> = [
    ['GET /api/active', '/api/active', {}],
    [`GET ${industryPath}`, industryPath, {}],
    [`GET ${industryPath} (brotli)`, industryPath, { 'Accept-Encoding': 'gzip, deflate, br' }],
    ['GET /api/reports/latest/1', '/api/reports/latest/1', {}],
    [`GET /api/primary/us/${industry}/${company}`, `/api/primary/us/${industry}/${company}`, {}],
    [`GET /api/history/us/${industry}`, `/api/history/us/${industry}`, {}],
    [`GET /api/history/us/${industry}/${company}`, `/api/history/us/${industry}/${company}`, {}],
    [
      `GET /api/compare/us/${industry}?c=… (3)`,
      `/api/compare/us/${industry}?c=${compared.map(encodeURIComponent).join(',')}`,
      {},
    ],
    [
      `GET /api/rankings/${industry}/us/false/overall/10/false/…`,
      await topListPath(context, industry),
      {},
    ],
    // Server-rendered pages (decision 0039): rendered once per data version, then kept.
    [
      `GET /companies/us/${industry} (page, brotli)`,
      `/companies/us/${industry}`,
      { 'Accept-Encoding': 'gzip, deflate, br' },
    ],
    [
      `GET /companies/us/${industry}/${company} (page, brotli)`,
      `/companies/us/${industry}/${company}`,
      { 'Accept-Encoding': 'gzip, deflate, br' },
    ],
  ];
  const comparisons: Comparison[] = [];
  for (const [what, path, headers] of reads) {
    const answer = await context.record(`${context.bffUrl}${path}`, { headers });
    if (answer.status !== 200) {
      throw new Error(`${path} answered ${answer.status}: ${answer.body.toString().slice(0, 200)}`);
    }
    comparisons.push(await context.compare(what, answer, { path, headers }));
  }
  context.print(
    `Public reads — ${context.connections} connections, ${context.seconds} s each (bare = node:http in its own process, same status, headers and bytes)`,
    comparisons.flatMap((c) => [
      [`bare  ${c.what.slice(0, 38)}`, c.bare],
      [`stack ${c.what.slice(0, 38)}`, c.stack],
    ]),
  );
  for (const c of comparisons) {
    console.log(
      `${c.what}: ${c.bytes} bytes; throughput ${c.throughputRatio.toFixed(2)}× bare, p99 ${c.p99Ratio.toFixed(2)}× bare`,
    );
  }
  const smaller = {
    industry,
    companies,
    bytesNow: Buffer.byteLength(JSON.stringify(page)),
    bytesWithCompaniesRepeated: bytesWithCompaniesRepeated(page),
  };
  console.log(
    `${industryPath}: ${smaller.bytesNow} bytes with each company once, ${smaller.bytesWithCompaniesRepeated} with every company in ranked and aranked as before`,
  );
  context.save('reads', { comparisons, smaller });
}

/** A top list of the latest period (docs/product/rules.md#s6), as the reports pages ask for one. */
async function topListPath(context: SuiteContext, industry: string): Promise<string> {
  const page = (await (
    await fetch(`${context.bffUrl}/api/companies/us/${industry}`)
  ).json()) as IndustryCompaniesResponse;
  const period = page.period!;
  return `/api/rankings/${industry}/us/false/overall/10/false/${period.period_year}/${period.period_qrt}`;
}
