import {
  issueWeightsOf,
  orderByName,
  rankPersonally,
  type IssueKey,
  type PersonallyRankable,
  type PriorityValues,
} from '@upright/contracts';

/** What the preview needs of an industry answer's `ranked` companies. */
export type PreviewCompany = PersonallyRankable & {
  slug: string;
  arank: number;
  atied: boolean;
};

export interface PreviewRow {
  upright_cid: string;
  company_name: string;
  slug: string;
  yours: { rank: number; tied: boolean };
  average: { rank: number; tied: boolean };
  /** Places gained by the reader's weighting over members' average (positive = higher). */
  shift: number;
}

/**
 * docs/product/rules.md#s5 rule 7 in the browser: the industry re-ranked by the values on the
 * sliders with the same exact code the server weighs members with (rankPersonally), over the
 * industry's `applicable` issues, beside members' average. `nameOrder` is orderByName(companies),
 * kept by the caller across slider moves.
 */
export function previewRanking(
  companies: readonly PreviewCompany[],
  values: PriorityValues,
  applicable: readonly IssueKey[],
  nameOrder: readonly number[] = orderByName(companies),
): PreviewRow[] {
  const { ranks, pranked } = rankPersonally(
    companies,
    issueWeightsOf(values),
    applicable,
    nameOrder,
  );
  const index = new Map(companies.map((company, i) => [company.upright_cid, i]));
  return pranked.map((cid) => {
    const i = index.get(cid)!;
    const company = companies[i];
    return {
      upright_cid: cid,
      company_name: company.company_name,
      slug: company.slug,
      yours: { rank: ranks[i].rank, tied: ranks[i].tied },
      average: { rank: company.arank, tied: company.atied },
      shift: company.arank - ranks[i].rank,
    };
  });
}
