/**
 * Builders shared by this folder's *.spec.ts files. Plain TypeScript with no test-framework
 * imports, so it compiles wherever the folder does.
 */
import { ISSUE_KEYS, type IssueKey } from '@upright/contracts';
import { rankIssues } from './rank-issues';
import type { IssueRanking, RankableCompany, Weights } from './types';

/** Every issue applies, as in an industry whose `industry_values` is empty. */
export const ALL_ISSUES: readonly IssueKey[] = ISSUE_KEYS;

/** Stage 1 of an industry where every issue applies. */
export function rankAll(companies: readonly RankableCompany[]): IssueRanking {
  return rankIssues(companies, ALL_ISSUES);
}

type Scores = Record<IssueKey, number | null>;

/** Every issue set to `fill`, then the given scores. */
export function scores(given: Partial<Scores> = {}, fill: number | null = 0): Scores {
  const all = Object.fromEntries(ISSUE_KEYS.map((key) => [key, fill])) as Scores;
  return { ...all, ...given };
}

/** Every issue set to `fill`, then the given weights. */
export function weights(given: Partial<Record<IssueKey, number>> = {}, fill = 0): Weights {
  const all = Object.fromEntries(ISSUE_KEYS.map((key) => [key, fill])) as Record<IssueKey, number>;
  return { ...all, ...given };
}

/** A public company (so rule 4 does not apply) scoring 0 everywhere unless told otherwise. */
export function company(
  upright_cid: string,
  given: Partial<Omit<RankableCompany, 'upright_cid' | 'scores'>> & {
    scores?: Partial<Scores>;
  } = {},
): RankableCompany {
  return {
    upright_cid,
    company_name: given.company_name ?? upright_cid,
    structure: given.structure === undefined ? 'Public' : given.structure,
    alt_reporting: given.alt_reporting ?? false,
    self_reporting: given.self_reporting ?? false,
    scores: scores(given.scores),
  };
}
