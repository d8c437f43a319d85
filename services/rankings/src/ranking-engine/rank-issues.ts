import {
  ISSUE_KEYS,
  MISSING_CLIMATE_SCORE,
  type IssueKey,
  competitionRanks,
  countBelow,
  issueDataStatus,
  orderByName,
  sharedRankFlags,
} from '@upright/contracts';

import { RANK_FIELDS, TIED_FIELDS } from './issue-fields';
import { plainObject } from './plain-object';
import type { IssueRankedCompany, IssueRanking, RankableCompany } from './types';

const CLIMATE: IssueKey = 'climate';

/**
 * Marks a company that gets rank L on an issue instead of competing on its score. NaN, because
 * real NaN scores are rejected, a typed-array sort puts NaN last, and NaN is never below a score.
 */
const AT_LOWEST_RANK = Number.NaN;

/** Per-issue ranks and tied flags of every company, index-aligned with the input. */
interface IssueColumn {
  readonly ranks: Int32Array;
  readonly tied: readonly boolean[];
}

/**
 * Stage 1 (docs/product/rules.md#s5 rules 1–5), cacheable per (industry, period): per-issue
 * standard competition ranks and tied flags on all nine issues, raw_rank (the sum over the
 * `applicable` issues only: an issue the industry is not scored on moves no rank) and
 * normalized_rank.
 *
 * Lowest rank L = n. A company whose score is missing (rule 3, not climate) or that is
 * undisclosed on a disclosure-dependent issue (rule 4) is placed at L on that issue and takes no
 * part in the competition ordering, so the other companies rank among themselves
 * (1 + number of them strictly better).
 *
 * Ties at L: `<key>_tied` means exactly "another company in S has the same rank on that issue",
 * whatever the reason for the rank. Companies forced to L share rank L, so two or more of them are
 * tied with each other; a single forced company is not tied. A company ranked by its score has a
 * rank of at most n − (number of forced companies), so whenever some company is forced, rank L is
 * held by forced companies only; when none is, L is an ordinary shared-last (or sole-last) rank.
 *
 * @throws RangeError on a duplicate upright_cid or a NaN score.
 */
export function rankIssues(
  companies: readonly RankableCompany[],
  applicable: readonly IssueKey[],
): IssueRanking {
  assertUniqueCids(companies);
  const lowestRank = companies.length;
  const columns = ISSUE_KEYS.map((key) => rankOneIssue(companies, key, lowestRank));
  const applies = new Set(applicable);
  const rawRanks = sumOfRanks(
    columns.filter((_, k) => applies.has(ISSUE_KEYS[k])),
    companies.length,
  );
  const normalizedRanks = competitionRanks(rawRanks);
  const normalizedTied = sharedRankFlags(normalizedRanks);
  return {
    lowestRank,
    applicable: ISSUE_KEYS.filter((key) => applies.has(key)),
    companies: companies.map((company, i) =>
      plainObject<IssueRankedCompany>((fields) => {
        fields.upright_cid = company.upright_cid;
        fields.company_name = company.company_name;
        writeIssueFields(fields, columns, i);
        fields.raw_rank = rawRanks[i];
        fields.normalized_rank = normalizedRanks[i];
        fields.tied = normalizedTied[i];
      }),
    ),
    nameOrder: orderByName(companies),
  };
}

/** Rules 1–4 for one issue. */
function rankOneIssue(
  companies: readonly RankableCompany[],
  key: IssueKey,
  lowestRank: number,
): IssueColumn {
  const scores = new Float64Array(companies.length);
  companies.forEach((company, i) => {
    scores[i] = rankedScore(company, key);
  });
  const sortedScores = scores.slice().sort(); // companies at L (NaN) last, never counted as below
  const ranks = new Int32Array(companies.length);
  scores.forEach((score, i) => {
    ranks[i] = Number.isNaN(score) ? lowestRank : 1 + countBelow(sortedScores, score);
  });
  return { ranks, tied: sharedRankFlags(ranks) };
}

/** The score a company competes with on `key`, or AT_LOWEST_RANK (rules 2–4). */
function rankedScore(company: RankableCompany, key: IssueKey): number {
  const score = company.scores[key] ?? null;
  const status = issueDataStatus(company, key, score);
  if (status === 'not_disclosed') return AT_LOWEST_RANK;
  if (score === null) return key === CLIMATE ? MISSING_CLIMATE_SCORE : AT_LOWEST_RANK;
  if (Number.isNaN(score)) {
    throw new RangeError(`NaN ${key} score for company ${company.upright_cid}`);
  }
  return score;
}

/** Rule 5: raw_rank = Σ of the given (applicable) issues' ranks. */
function sumOfRanks(columns: readonly IssueColumn[], count: number): Int32Array {
  const sums = new Int32Array(count);
  for (const { ranks } of columns) for (let i = 0; i < count; i++) sums[i] += ranks[i];
  return sums;
}

function writeIssueFields(
  fields: Record<string, unknown>,
  columns: readonly IssueColumn[],
  index: number,
): void {
  columns.forEach((column, k) => {
    fields[RANK_FIELDS[k]] = column.ranks[index];
    fields[TIED_FIELDS[k]] = column.tied[index];
  });
}

function assertUniqueCids(companies: readonly RankableCompany[]): void {
  const seen = new Set<string>();
  for (const { upright_cid } of companies) {
    if (seen.has(upright_cid)) throw new RangeError(`duplicate upright_cid: ${upright_cid}`);
    seen.add(upright_cid);
  }
}
