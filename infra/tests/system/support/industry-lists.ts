import type { IndustryCompaniesResult, RankedCompany } from '@upright/contracts';

/** An industry answer's weighted lists as companies, not ids: easier to assert on. */
export type ExpandedLists = Omit<IndustryCompaniesResult, 'aranked' | 'pranked'> & {
  aranked: RankedCompany[];
  pranked: RankedCompany[] | null;
};

/** Each id of aranked/pranked resolved to its company in `ranked` (every one must be there). */
export function expandLists(result: IndustryCompaniesResult): ExpandedLists {
  const byCid = new Map(result.ranked.map((company) => [company.upright_cid, company]));
  const companiesOf = (ids: readonly string[]) =>
    ids.map((id) => {
      const company = byCid.get(id);
      if (company === undefined) throw new Error(`${id} is listed but not in ranked`);
      return company;
    });
  return {
    ...result,
    aranked: companiesOf(result.aranked),
    pranked: result.pranked === null ? null : companiesOf(result.pranked),
  };
}
