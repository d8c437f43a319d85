import type { CompanySearchDocument, IndustrySearchDocument } from '@upright/contracts';
import type { PrismaClient } from '../generated/prisma/client';

/** Search documents (contracts' queues/search-index.ts) of the rankings data, by id in pages. */
export async function companyDocuments(
  db: PrismaClient,
  after: string | null,
  limit: number,
): Promise<CompanySearchDocument[]> {
  const rows = await db.company.findMany({
    where: after === null ? {} : { uprightCid: { gt: after } },
    orderBy: { uprightCid: 'asc' },
    take: limit,
    select: {
      uprightCid: true,
      companyName: true,
      slug: true,
      brands: true,
      subsidiaries: true,
      industry: true,
      sectors: true,
      updated: true,
      hqLatitude: true,
      hqLongitude: true,
      industries: { select: { industry: true }, orderBy: { industry: 'asc' } },
    },
  });
  return rows.map((row) => ({
    id: row.uprightCid,
    company_name: row.companyName,
    slug: row.slug,
    brands: row.brands,
    subsidiaries: row.subsidiaries,
    industry: row.industry,
    // Primary first, as everywhere else.
    industries: [
      row.industry,
      ...row.industries.map((m) => m.industry).filter((industry) => industry !== row.industry),
    ],
    sectors: row.sectors,
    updated: row.updated ? row.updated.toISOString().slice(0, 10) : null,
    location:
      row.hqLatitude !== null && row.hqLongitude !== null
        ? { lat: Number(row.hqLatitude), lon: Number(row.hqLongitude) }
        : null,
  }));
}

/** Active industries only: an inactive one is not shown anywhere. */
export async function industryDocuments(
  db: PrismaClient,
  after: string | null,
  limit: number,
): Promise<IndustrySearchDocument[]> {
  const rows = await db.industry.findMany({
    where: after === null ? { active: true } : { active: true, industry: { gt: after } },
    orderBy: { industry: 'asc' },
    take: limit,
    select: { industry: true, industryText: true, industryAlts: true, definition: true },
  });
  return rows.map((row) => ({
    id: row.industry,
    industry_text: row.industryText,
    industry_alts: row.industryAlts,
    definition: row.definition,
  }));
}

export function documentsPage(
  db: PrismaClient,
  app: 'companies' | 'industries',
  after: string | null,
  limit: number,
): Promise<Array<CompanySearchDocument | IndustrySearchDocument>> {
  return app === 'companies'
    ? companyDocuments(db, after, limit)
    : industryDocuments(db, after, limit);
}
