import { applicableIssues, type IndustryCompaniesResponse } from '@upright/contracts';
import { joinWithDots } from '../lib/format';
import { industryRanking } from '../lib/ranking-view';

/**
 * Where a company stands in its industry: its rank as the industry page shows it to this viewer
 * (a member's own weighting, or members' averages; docs/product/rules.md#s5 rule 9), out of the
 * companies ranked there.
 */
export interface Standing {
  industry: string;
  rank: number | null;
  tied: boolean;
  of: number;
}

export function standingIn(answer: IndustryCompaniesResponse, companyId: string): Standing {
  const applicable = applicableIssues(answer.industryResult.industry_values);
  const ranked = industryRanking(answer.result, applicable).rows.filter((row) => row.rank !== null);
  const row = ranked.find((entry) => entry.upright_cid === companyId);
  return {
    industry: answer.industryResult.industry_text,
    rank: row?.rank ?? null,
    tied: row?.tied === true,
    of: ranked.length,
  };
}

/** "Oil & Gas · #3 of 19"; the industry alone when the company is not ranked in it. */
export function standingText({ industry, rank, tied, of }: Standing): string {
  if (rank === null) return industry;
  return joinWithDots([industry, `#${rank}${tied ? ' (tied)' : ''} of ${of}`]);
}
