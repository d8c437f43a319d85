import { Inject, Injectable } from '@nestjs/common';
import type { CompanySearchDocument, IndustrySearchDocument } from '@upright/contracts';
import { DATABASE } from '@upright/platform';
import type { PrismaClient } from '../generated/prisma/client';
import { COMPANY_FIELDS } from '../companies/companies.repository';
import { toCompany } from '../companies/company-rows';

/** A company is shown through the active industries that list it, and only through them. */
const IN_AN_ACTIVE_INDUSTRY = { industries: { some: { ofIndustry: { active: true } } } };

/**
 * Search documents (contracts' queues/search-index.ts) of the rankings data, by id in pages.
 * Companies are those listed in at least one active industry (an inactive industry is not shown
 * anywhere, so a company listed only there has no page to open); `industries` names only active
 * ones, and `industry`, the link's and the facet's industry, is the primary one when active, else
 * the first active one that lists the company.
 */
export async function companyDocuments(
  db: PrismaClient,
  after: string | null,
  limit: number,
): Promise<CompanySearchDocument[]> {
  const rows = await db.company.findMany({
    where:
      after === null
        ? IN_AN_ACTIVE_INDUSTRY
        : { ...IN_AN_ACTIVE_INDUSTRY, uprightCid: { gt: after } },
    orderBy: { uprightCid: 'asc' },
    take: limit,
    select: {
      ...COMPANY_FIELDS,
      hqLatitude: true,
      hqLongitude: true,
      industries: { where: { ofIndustry: { active: true } }, select: { industry: true } },
    },
  });
  return rows.map((row) => {
    const company = toCompany(row);
    return {
      id: company.upright_cid,
      company_name: company.company_name,
      slug: company.slug,
      brands: company.brands,
      subsidiaries: company.subsidiaries,
      industry: company.industries.includes(company.industry)
        ? company.industry
        : company.industries[0],
      industries: company.industries,
      sectors: company.sectors,
      updated: company.updated,
      location:
        row.hqLatitude !== null && row.hqLongitude !== null
          ? { lat: row.hqLatitude.toNumber(), lon: row.hqLongitude.toNumber() }
          : null,
    };
  });
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

/** Inactive industries, whose documents leave the index after an import. */
export async function inactiveIndustryIds(db: PrismaClient): Promise<string[]> {
  const rows = await db.industry.findMany({
    where: { active: false },
    select: { industry: true },
    orderBy: { industry: 'asc' },
  });
  return rows.map((row) => row.industry);
}

/**
 * Companies listed in no active industry (only in inactive ones, or in none), whose documents
 * leave the index after an import: `companyDocuments` has none for them, as they have no page.
 */
export async function companyIdsOutsideActiveIndustries(db: PrismaClient): Promise<string[]> {
  const rows = await db.company.findMany({
    where: { NOT: IN_AN_ACTIVE_INDUSTRY },
    select: { uprightCid: true },
    orderBy: { uprightCid: 'asc' },
  });
  return rows.map((row) => row.uprightCid);
}

/** The same pages for the `rankings.search-documents.list` handler (the CLI passes its own client). */
@Injectable()
export class SearchDocumentsRepository {
  constructor(@Inject(DATABASE) private readonly db: PrismaClient) {}

  page(
    app: 'companies' | 'industries',
    after: string | null,
    limit: number,
  ): Promise<Array<CompanySearchDocument | IndustrySearchDocument>> {
    return documentsPage(this.db, app, after, limit);
  }
}
