import type { DetailTableName, MetricDefinition, SourceRef } from '../details';
import { ISSUE_KEYS, type IssueKey, type ScoreField } from '../issues';
import type { IssueRanksOf } from '@upright/ranking-rules';
import type { FigurePeers } from '../ranking/peers';
import type { RankExplanation, WeightsBasis } from '../ranking/explain';

/**
 * One row of `GET /api/active` (docs/product/spec.md#s3: active industries are objects with
 * `industry`).
 */
export interface ActiveIndustry {
  industry: string;
  industry_text: string;
}

export type ActiveIndustriesResponse = ActiveIndustry[];

/** Industry slugs and every other URL slug of the rankings data (the database checks the same). */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 100;

/** docs/product/spec.md#s3 Industry. `limit` is the allowed count of a ranking of this industry. */
export interface Industry {
  industry: string;
  industry_text: string;
  industry_alts: string[];
  definition: string;
  industry_values: string[];
  limit: number;
}

export interface IndustryRequest {
  industry: string;
}

/** A scoring period: a calendar quarter. */
export interface Period {
  period_year: number;
  period_qrt: number;
}

/**
 * Issue weights by issue key: a member's priority values (integers 0–10) for the personal
 * ranking. `null` where a request carries them means "a visitor": no personal ranking.
 */
export type IssueWeights = { readonly [K in IssueKey]: number };

/**
 * docs/product/spec.md#s3 Company, as the API returns it. `_id` is `upright_cid` (the spec's id
 * field).
 */
export interface Company {
  _id: string;
  upright_cid: string;
  company_name: string;
  /** The name lowercased, spaces as hyphens: the `{company}` part of the company page URL. */
  slug: string;
  brands: string[];
  subsidiaries: string[];
  /** Primary industry. */
  industry: string;
  /** Every industry the company is ranked in, the primary one first. */
  industries: string[];
  sectors: string[];
  structure: string | null;
  alt_reporting: boolean;
  self_reporting: boolean;
  /** YYYY-MM-DD */
  updated: string | null;
}

/** docs/product/spec.md#s3 company scores of one period; lower is better, null = missing. */
export type CompanyScores = Period & { [F in ScoreField]: number | null };

/** `<key>_rank` and `<key>_tied` of the nine issues (docs/product/rules.md#s5 rule 1). */
export type IssueRanks = { [K in IssueKey as `${K}_rank`]: number } & {
  [K in IssueKey as `${K}_tied`]: boolean;
};

/**
 * Unweighted combination (docs/product/rules.md#s5 rule 5): `raw_rank` sums the ranks of the
 * industry's applicable issues only, as do the weighted sums below.
 */
export interface NormalizedRank {
  raw_rank: number;
  normalized_rank: number;
  tied: boolean;
}

/** Weighted combinations (rules 6–7); the personal ones are null for visitors. */
export interface WeightedRanks {
  raw_arank: number;
  arank: number;
  atied: boolean;
  raw_prank: number | null;
  prank: number | null;
  ptied: boolean | null;
}

/** Every rank of one company within one ranked set. */
export type CompanyRanks = IssueRanks & NormalizedRank & WeightedRanks;

/** A company of `GET /api/companies/…`: its fields, its scores of the period, its ranks. */
export type RankedCompany = Company & CompanyRanks & { companies_scores: CompanyScores };

/**
 * Rankings answers as for a visitor; the BFF adds a member's personal ranks
 * (docs/product/rules.md#s11).
 */
export interface IndustryCompaniesRequest {
  industry: string;
  /** null = the latest period with scores for the industry. */
  period: Period | null;
}

/**
 * docs/product/rules.md#s5 rule 9 and #s6, each company once (#s11): `ranked` holds every company
 * of S with its fields and ranks; `aranked` and `pranked` list the same companies by `upright_cid`.
 */
export interface IndustryCompaniesResult {
  /** By normalized_rank, then name. */
  ranked: RankedCompany[];
  /** upright_cid by arank, then name. */
  aranked: string[];
  /** upright_cid by prank, then name; null unless a signed-in member saved priorities. */
  pranked: string[] | null;
  none: boolean;
}

/**
 * A company's move in the overall ranking since the previous period with scores: positive =
 * up that many places, 0 = the same, `null` = new (not ranked in the previous period).
 */
export type RankMove = number | null;

/**
 * Moves of every company of an industry answer, by upright_cid. `prank` is a signed-in member's
 * own move: their rank then (the previous period re-weighed with their values) less their rank
 * now; null for visitors, like `prank` itself (decision 0047).
 */
export type IndustryMoves = Record<
  string,
  { normalized_rank: RankMove; arank: RankMove; prank: RankMove }
>;

export interface IndustryCompaniesResponse {
  result: IndustryCompaniesResult;
  industryResult: Industry;
  /** The period ranked; null when the industry has no scores at all. */
  period: Period | null;
  /** The last earlier period with scores, which `moves` are counted from; null when none. */
  previous_period: Period | null;
  /** Each ranked company's move since `previous_period` (docs/product/rules.md#s12). */
  moves: IndustryMoves;
  /**
   * The nine issue ranks of every company of the previous period's ranked set (empty when there
   * is none): what a member's own moves are weighed from (decision 0047).
   */
  previous_ranks: IssueRanksOf[];
  /** The visitors' weights `aranked` uses, and whose they are (rules §16). */
  weights: IssueWeights;
  basis: WeightsBasis;
}

/** Industries with fewer companies than this make a poor worked example (ties, no spread). */
export const METHODOLOGY_EXAMPLE_MIN_COMPANIES = 3;

/**
 * docs/product/rules.md#s12 methodology: the rules of #s5 worked by the engine on the active
 * industry with the fewest companies (at least METHODOLOGY_EXAMPLE_MIN_COMPANIES; by slug among
 * equals), as its visitor ranking at its latest period, with the visitor weights used for `arank`.
 */
export interface MethodologyExampleResponse {
  methodology_version: string;
  /** null when no active industry has enough companies. */
  example: IndustryCompaniesResponse | null;
  weights: IssueWeights;
  /** Whose `weights` are: "equal" below the members' minimum (rules §16). */
  basis: WeightsBasis;
}

/**
 * "Why this rank" on a company page: the parts of its weighted sum (rank × the visitor weight of
 * each applicable issue; 0 for an issue that does not apply, rules §5 rule 5) and the best and
 * worst weighted rank it takes across the weightings that set each applicable issue to 0 or 10
 * (and the one shown).
 */
export interface WhyThisRank {
  upright_cid: string;
  contributions: Record<IssueKey, number>;
  /** Σ contributions: `raw_arank`. */
  raw: number;
  /** `arank`. */
  rank: number;
  best: number;
  worst: number;
}

export type WhyThisRankResponse = WhyThisRank & {
  period: Period;
  lowestRank: number;
  /** The visitors' weights the contributions use, and whose they are (rules §16). */
  weights: IssueWeights;
  basis: WeightsBasis;
  /** The issues of the industry's `industry_values` (decision 0054): the only ones shown. */
  applicable_issues: IssueKey[];
  /** Bars, gaps to #1 and to the median under `weights`, applicable issues only. */
  explanation: RankExplanation;
};

export interface Headquarters {
  city: string | null;
  state: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** One metric of a detail entry, labelled from DETAIL_TABLES. */
export interface DetailMetric extends MetricDefinition {
  value: number | string;
}

/** The first (latest-period) entry of one detail table for a company, with its source. */
export interface DetailEntry extends Period {
  metrics: DetailMetric[];
  source: SourceRef;
}

/**
 * The industry's median and best of each numeric metric of one detail entry, at that entry's
 * period (rules §16), by metric name; a metric no company of the industry reported is left out.
 */
export interface TablePeers extends Period {
  metrics: Record<string, FigurePeers>;
}

/** The docs/product/spec.md#s3 merge: one entry (or null when there is none) per detail table. */
export type CompanyDetails = { [T in DetailTableName]: DetailEntry | null };

/** A company's ranks in the industry of the page, from the same ranking as the industry page. */
export type CompanyRanksInIndustry = CompanyRanks & {
  period: Period;
  lowestRank: number;
  companies_scores: CompanyScores;
};

export type CompanyDetail = Company &
  CompanyDetails & {
    headquarters: Headquarters | null;
    /** null when the company has no scores in the industry's ranked period. */
    ranks: CompanyRanksInIndustry | null;
    /** The active industries the company belongs to, primary first. */
    industryList: ActiveIndustry[];
    /** The issues of the page's industry (decision 0054): the only ones the page shows. */
    applicable_issues: IssueKey[];
    /** Peers of each detail entry the company has (null where it has none). */
    peers: { [T in DetailTableName]: TablePeers | null };
  };

export interface CompanyDetailRequest {
  industry: string;
  /** The company's slug (docs/product/spec.md#s2: name lowercased, spaces as hyphens). */
  company: string;
}

/** null = no such company in this industry (the BFF answers 204). */
export type CompanyDetailResponse = CompanyDetail | null;

/** What a top list ranks on: an issue key, or `overall` for normalized_rank. */
export type RankingValue = IssueKey | 'overall';
export const RANKING_VALUES: readonly RankingValue[] = ['overall', ...ISSUE_KEYS];

export const TOP_COUNT_MAX = 100;

export interface TopCompaniesRequest {
  industry: string;
  /** true: only companies whose primary industry is this one; false: every listed company. */
  primaryOnly: boolean;
  /** Ignored (normalized_rank) when `major` is true. */
  value: RankingValue;
  /** The major variant ranks on normalized_rank whatever `value` says. */
  major: boolean;
  count: number;
  period: Period;
}

/**
 * A company of a top list: fields, scores of the period, issue and normalized ranks. Reports frozen
 * before decision 0056 lack `previous` and `figures`.
 */
export type TopCompany = Company &
  IssueRanks &
  NormalizedRank & {
    companies_scores: CompanyScores;
    /**
     * Its rank on the list's value (issue, or normalized_rank) at the last earlier period with
     * scores, in the same ranked set's scope; null when it was not ranked then or there is none.
     */
    previous?: { period: Period; rank: number } | null;
    /**
     * On an issue list: its figures of the period from the detail tables behind that issue (empty
     * when none are published); absent on an `overall` or major list.
     */
    figures?: DetailMetric[];
  };

export interface TopCompaniesResponse {
  rankings: TopCompany[];
  /** L = n of the ranked set (docs/product/rules.md#s5); reports store it as `lowestRank`. */
  lowestRank: number;
  period: Period;
  /** The issues of the industry (decision 0054): the only ones a page shows. */
  applicable_issues: IssueKey[];
}
