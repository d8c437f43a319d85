import { ISSUE_KEYS, type IssueKey } from './issues';
import type { Weights } from './weigh';

/** An industry open-data file as the site writes it, for companies given by their issue ranks. */
export function openDataFile(
  companies: ReadonlyArray<{ cid: string; name: string; ranks: readonly number[] }>,
  options: {
    industryValues?: IssueKey[];
    weights?: Weights;
    stated?: (cid: string) => object;
  } = {},
): Record<string, unknown> {
  const weights = options.weights ?? uniformWeights(5);
  return {
    industry: 'anvils',
    methodology_version: '1.0',
    period: { period_year: 2026, period_qrt: 1 },
    licence: 'CC BY 4.0',
    sources: [],
    data: {
      industryResult: { industry: 'anvils', industry_values: options.industryValues ?? [] },
      period: { period_year: 2026, period_qrt: 1 },
      weights,
      basis: 'equal',
      result: {
        none: companies.length === 0,
        aranked: [],
        pranked: null,
        ranked: companies.map((company) => ({
          upright_cid: company.cid,
          company_name: company.name,
          ...Object.fromEntries(ISSUE_KEYS.map((key, k) => [`${key}_rank`, company.ranks[k]])),
          ...Object.fromEntries(ISSUE_KEYS.map((key) => [`${key}_tied`, false])),
          raw_rank: 0,
          normalized_rank: 0,
          tied: false,
          raw_arank: 0,
          arank: 0,
          atied: false,
          ...options.stated?.(company.cid),
        })),
      },
    },
  };
}

export function uniformWeights(weight: number): Weights {
  return Object.fromEntries(ISSUE_KEYS.map((key) => [key, weight])) as Weights;
}
