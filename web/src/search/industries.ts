import type { IndustryCompaniesResponse } from '@upright/contracts';
import { api, apiPaths } from '../api/endpoints';
import { request } from '../api/http';

/** Active industries' names by slug, in their list's order, once per page load. */
let industryNames: Promise<Map<string, string>> | null = null;
export function loadIndustryNames(): Promise<Map<string, string>> {
  industryNames ??= api.activeIndustries().then(
    (industries) => new Map(industries.map((entry) => [entry.industry, entry.industry_text])),
    () => {
      industryNames = null;
      return new Map<string, string>();
    },
  );
  return industryNames;
}

export type IndustryAnswers = (industry: string) => Promise<IndustryCompaniesResponse | null>;

/**
 * The industry pages' answers a results panel reads its companies' standings from: one request
 * per industry shown, kept while the panel stays open (ranks follow members' averages and the
 * member's own weighting, so they are read when shown, not indexed). A failed one is asked again.
 */
export function industryAnswers(): IndustryAnswers {
  const kept = new Map<string, Promise<IndustryCompaniesResponse | null>>();
  return (industry) => {
    let answer = kept.get(industry);
    if (!answer) {
      answer = request<IndustryCompaniesResponse | null>(
        'GET',
        apiPaths.industryCompanies(industry),
        { quiet: true },
      ).then(
        (response) => response.body,
        () => {
          kept.delete(industry);
          return null;
        },
      );
      kept.set(industry, answer);
    }
    return answer;
  };
}
