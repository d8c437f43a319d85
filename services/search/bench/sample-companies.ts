import type { CompanySearchDocument } from '@upright/contracts';
import { planDataSet } from '@upright/sample-data';

/**
 * The company documents rankings' import would index for `make sample-large N=<count>` (same
 * generator, same seed): what the search bench and the engine's equivalence test run on.
 */
export function sampleCompanyDocuments(count: number): CompanySearchDocument[] {
  return planDataSet({ companies: count, detailCompanies: 0 }).companies.map((row) => ({
    id: row.upright_cid,
    company_name: row.company_name,
    slug: row.company_name.toLowerCase().replace(/ /g, '-'),
    brands: row.brands,
    subsidiaries: row.subsidiaries,
    industry: row.industry,
    industries: row.industries,
    sectors: row.sectors,
    updated: row.updated ?? null,
    location: row.headquarters
      ? { lat: row.headquarters.latitude, lon: row.headquarters.longitude }
      : null,
  }));
}
