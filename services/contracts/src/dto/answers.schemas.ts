import { z } from 'zod';
import { DETAIL_TABLE_NAMES, type DetailTableName } from '../details';
import { ISSUE_KEYS, type IssueKey, type ScoreField } from '../issues';
import type { RankExplanation } from '../ranking/explain';
import {
  AVERAGE_FIELDS,
  CLIENT_PRIORITY_FIELDS,
  NOT_RANKED_PRIORITY_FIELDS,
  THEMES,
  type Averages,
  type AuthResponse,
  type CancelDiscontinueResponse,
  type CaptchaChallenge,
  type DiscontinueResponse,
  type PrioritiesResponse,
  type PrioritiesSaved,
  type PriorityValues,
  type Settings,
  type SettingsSaved,
  type User,
} from './accounts';
import {
  CORRECTION_FIELDS,
  CORRECTION_STATUSES,
  SCORE_FIELDS,
  type CorrectionField,
  type CorrectionLedger,
  type CorrectionReceipt,
  type LedgerEntry,
  type OpenCorrectionsResponse,
  type StagedCorrection,
} from './corrections';
import type {
  DataVersionState,
  DataVersionSummary,
  DeskAction,
  DeskActorKind,
  DeskJob,
  DeskJobKind,
  DeskJobStarted,
  DeskJobState,
  DeskLogPage,
  DeskState,
  DeskUpload,
  DraftPreviewAnswer,
  SectionCounts,
} from './data-desk';
import type { CrowdAverages, FollowsResponse } from './follows';
import type {
  CompanyHistoryPoint,
  CompanyHistoryResponse,
  ComparisonResponse,
  IndustryHistoryResponse,
} from './history';
import {
  RANKING_VALUES,
  type ActiveIndustriesResponse,
  type CompanyDetail,
  type CompanyScores,
  type Industry,
  type IndustryCompaniesResponse,
  type IndustryMoves,
  type IssueRanks,
  type IssueWeights,
  type MethodologyExampleResponse,
  type RankingValue,
  type TopCompaniesResponse,
  type TopCompany,
  type WhyThisRankResponse,
} from './rankings';
import type {
  MajorReportsResponse,
  PublishedReport,
  PublishReportResponse,
  Report,
  ReportPage,
  ReportPathParts,
  ReportSource,
  ReportSourcesResponse,
  ReportSummary,
} from './reports';
import type {
  RecentSearchesResponse,
  SearchImpressionsResponse,
  SearchQueryResult,
  SuggestionType,
} from './search';

/**
 * The answers of the public API as zod schemas, for the BFF's OpenAPI document
 * (decision 0029). Each is typed against its TypeScript contract (`z.ZodType<T>`), so a field
 * added to, removed from or retyped in a contract without its schema fails to compile; objects
 * are strict in the document, so an answer carrying a field its schema lacks fails the contract
 * test.
 */

/** An object of the same schema under each key (the contracts' mapped types). */
function keyed<K extends string, S extends z.ZodType>(keys: readonly K[], schema: S) {
  return z.object(Object.fromEntries(keys.map((key) => [key, schema])) as Record<K, S>);
}

const isoTime = z.string();
const ymd = z.string();

export const periodAnswerSchema = z.object({ period_year: z.int(), period_qrt: z.int() });

// Accounts.

export const averagesAnswerSchema: z.ZodType<Averages> = keyed(AVERAGE_FIELDS, z.number());

const priorityValues: z.ZodType<PriorityValues> = keyed(CLIENT_PRIORITY_FIELDS, z.int());

export const userAnswerSchema: z.ZodType<User> = z.object({
  uid: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  subscriber: z.boolean(),
  role: z.enum(['member', 'admin']),
  status: z.literal('verified'),
  email_verified: z.boolean(),
  authenticated: z.literal(true),
  welcome_sent: z.boolean(),
  canDiscontinue: z.boolean(),
  discontinue: z.boolean(),
  discontinue_date: isoTime.nullable(),
  discontinue_final: isoTime.nullable(),
  prefs_updated: isoTime.nullable(),
  theme: z.enum(THEMES),
});

export const authAnswerSchema: z.ZodType<AuthResponse> = z.object({
  user: userAnswerSchema,
  token: z.string(),
});

export const prioritiesAnswerSchema: z.ZodType<PrioritiesResponse> = z.object({
  uid: z.string(),
  values: priorityValues,
  weighted: z.boolean(),
  not_ranked_yet: z.array(z.enum(NOT_RANKED_PRIORITY_FIELDS)),
  prefs_updated: isoTime.nullable(),
});

export const prioritiesSavedAnswerSchema: z.ZodType<PrioritiesSaved> = z.object({
  success: z.literal(true),
  values: priorityValues,
  weighted: z.boolean(),
});

export const settingsAnswerSchema: z.ZodType<Settings> = z.object({
  uid: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  subscriber: z.boolean(),
  theme: z.enum(THEMES),
});

export const settingsSavedAnswerSchema: z.ZodType<SettingsSaved> = z.object({
  success: z.literal(true),
  user: userAnswerSchema,
  sessions_revoked: z.int(),
});

export const discontinueAnswerSchema: z.ZodType<DiscontinueResponse> = z.object({
  discontinue: z.literal(true),
  discontinue_date: isoTime,
  discontinue_final: isoTime,
});

export const cancelDiscontinueAnswerSchema: z.ZodType<CancelDiscontinueResponse> = z.object({
  email: z.string(),
  discontinue: z.literal(false),
  discontinue_date: z.null(),
  discontinue_final: z.null(),
  user: userAnswerSchema,
  message: z.string(),
});

export const captchaChallengeAnswerSchema: z.ZodType<CaptchaChallenge> = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string().optional(),
});

const membersBand = z.object({ from: z.int(), to: z.int() });

export const crowdAveragesAnswerSchema: z.ZodType<CrowdAverages> = z.object({
  shown: z.boolean(),
  min_members: z.int(),
  min_changes: z.int(),
  averages: averagesAnswerSchema.nullable(),
  members: membersBand.nullable(),
  since: isoTime.nullable(),
  history: z.array(
    z.object({ published_at: isoTime, members: membersBand, averages: averagesAnswerSchema }),
  ),
  members_needed: z.int(),
  rule: z.enum(['monthly', 'immediate']),
  in_force: z.object({ since: isoTime, averages: averagesAnswerSchema }).nullable(),
});

export const followsAnswerSchema: z.ZodType<FollowsResponse> = z.object({
  follows: z.array(
    z.object({
      upright_cid: z.string(),
      company_name: z.string(),
      industry: z.string(),
      slug: z.string(),
      since: isoTime,
    }),
  ),
  alerts: z.boolean(),
  alerts_need_verification: z.boolean(),
});

// Rankings.

export const activeIndustriesAnswerSchema: z.ZodType<ActiveIndustriesResponse> = z.array(
  z.object({ industry: z.string(), industry_text: z.string() }),
);

export const industryAnswerSchema: z.ZodType<Industry> = z.object({
  industry: z.string(),
  industry_text: z.string(),
  industry_alts: z.array(z.string()),
  definition: z.string(),
  industry_values: z.array(z.string()),
  limit: z.int(),
});

const companyFields = {
  _id: z.string(),
  upright_cid: z.string(),
  company_name: z.string(),
  slug: z.string(),
  brands: z.array(z.string()),
  subsidiaries: z.array(z.string()),
  industry: z.string(),
  industries: z.array(z.string()),
  sectors: z.array(z.string()),
  structure: z.string().nullable(),
  alt_reporting: z.boolean(),
  self_reporting: z.boolean(),
  updated: ymd.nullable(),
};

const companyScores: z.ZodType<CompanyScores> = periodAnswerSchema.extend(
  keyed(SCORE_FIELDS, z.number().nullable()).shape,
);

const issueRankFields = {
  ...keyed(
    ISSUE_KEYS.map((key) => `${key}_rank` as const),
    z.int(),
  ).shape,
  ...keyed(
    ISSUE_KEYS.map((key) => `${key}_tied` as const),
    z.boolean(),
  ).shape,
};
/** Typed against the contract like every answer; its fields are spread into the answers below. */
export const issueRanksAnswerSchema: z.ZodType<IssueRanks> = z.object(issueRankFields);

const normalizedRankFields = { raw_rank: z.number(), normalized_rank: z.int(), tied: z.boolean() };
const weightedRankFields = {
  raw_arank: z.number(),
  arank: z.int(),
  atied: z.boolean(),
  raw_prank: z.number().nullable(),
  prank: z.int().nullable(),
  ptied: z.boolean().nullable(),
};

const rankedCompany = z.object({
  ...companyFields,
  ...issueRankFields,
  ...normalizedRankFields,
  ...weightedRankFields,
  companies_scores: companyScores,
});

const move = z.int().nullable();
const industryMoves: z.ZodType<IndustryMoves> = z.record(
  z.string(),
  z.object({ normalized_rank: move, arank: move, prank: move }),
);

const issueWeights: z.ZodType<IssueWeights> = keyed(ISSUE_KEYS, z.number());
const weightsBasis = z.enum(['personal', 'equal', 'members']);
const issueKey = z.enum(ISSUE_KEYS as [IssueKey, ...IssueKey[]]);

export const industryCompaniesAnswerSchema: z.ZodType<IndustryCompaniesResponse> = z.object({
  result: z.object({
    ranked: z.array(rankedCompany),
    aranked: z.array(z.string()),
    pranked: z.array(z.string()).nullable(),
    none: z.boolean(),
  }),
  industryResult: industryAnswerSchema,
  period: periodAnswerSchema.nullable(),
  previous_period: periodAnswerSchema.nullable(),
  moves: industryMoves,
  previous_ranks: z.array(
    z.object({
      upright_cid: z.string(),
      ...keyed(
        ISSUE_KEYS.map((key) => `${key}_rank` as const),
        z.int(),
      ).shape,
    }),
  ),
  weights: issueWeights,
  basis: weightsBasis,
});

const rankExplanation: z.ZodType<RankExplanation> = z.object({
  upright_cid: z.string(),
  rank: z.int(),
  tied: z.boolean(),
  lowestRank: z.int(),
  raw: z.number(),
  first: z.object({ upright_cid: z.string(), company_name: z.string(), raw: z.number() }),
  median_raw: z.number(),
  gap_to_first: z.number(),
  gap_to_median: z.number(),
  bars: z.array(
    z.object({
      issue: issueKey,
      rank: z.int(),
      weight: z.number(),
      points: z.number(),
      gap_to_first: z.number(),
      gap_to_median: z.number(),
    }),
  ),
  main_gap_issues: z.array(issueKey),
});

export const methodologyExampleAnswerSchema: z.ZodType<MethodologyExampleResponse> = z.object({
  methodology_version: z.string(),
  example: industryCompaniesAnswerSchema.nullable(),
  weights: issueWeights,
  basis: weightsBasis,
});

export const whyThisRankAnswerSchema: z.ZodType<WhyThisRankResponse> = z.object({
  upright_cid: z.string(),
  contributions: keyed(ISSUE_KEYS, z.number()),
  raw: z.number(),
  rank: z.int(),
  best: z.int(),
  worst: z.int(),
  period: periodAnswerSchema,
  lowestRank: z.int(),
  weights: issueWeights,
  basis: weightsBasis,
  applicable_issues: z.array(issueKey),
  explanation: rankExplanation,
});

const sourceRef = { source_publisher: z.string(), source_url: z.string(), source_date: ymd };

const detailMetric = z.object({
  name: z.string(),
  label: z.string(),
  unit: z.enum(['usd', 'percent', 'tonnes_co2e', 'ratio', 'count', 'text']),
  better: z.enum(['lower', 'higher']).nullable(),
  value: z.union([z.number(), z.string()]),
});

const detailEntry = periodAnswerSchema.extend({
  metrics: z.array(detailMetric),
  source: z.object(sourceRef),
});

export const companyDetailAnswerSchema: z.ZodType<CompanyDetail> = z.object({
  ...companyFields,
  ...keyed(DETAIL_TABLE_NAMES as readonly DetailTableName[], detailEntry.nullable()).shape,
  headquarters: z
    .object({
      city: z.string().nullable(),
      state: z.string().nullable(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
    })
    .nullable(),
  ranks: z
    .object({
      ...issueRankFields,
      ...normalizedRankFields,
      ...weightedRankFields,
      period: periodAnswerSchema,
      lowestRank: z.int(),
      companies_scores: companyScores,
    })
    .nullable(),
  industryList: activeIndustriesAnswerSchema,
  applicable_issues: z.array(issueKey),
  peers: keyed(
    DETAIL_TABLE_NAMES as readonly DetailTableName[],
    periodAnswerSchema
      .extend({
        metrics: z.record(
          z.string(),
          z.object({
            count: z.int(),
            median: z.number(),
            best: z.number().nullable(),
            worst: z.number().nullable(),
          }),
        ),
      })
      .nullable(),
  ),
});

const topCompany: z.ZodType<TopCompany> = z.object({
  ...companyFields,
  ...issueRankFields,
  ...normalizedRankFields,
  companies_scores: companyScores,
  previous: z.object({ period: periodAnswerSchema, rank: z.int() }).nullable().optional(),
  figures: z.array(detailMetric).optional(),
});

export const topCompaniesAnswerSchema: z.ZodType<TopCompaniesResponse> = z.object({
  rankings: z.array(topCompany),
  lowestRank: z.int(),
  period: periodAnswerSchema,
  applicable_issues: z.array(issueKey),
});

// History.

const historicRankFields = { ...issueRankFields, ...normalizedRankFields };
const historicWeighted = { raw_arank: z.number(), arank: z.int(), atied: z.boolean() };

const companyHistoryPoint: z.ZodType<CompanyHistoryPoint> = z.object({
  period: periodAnswerSchema,
  n: z.int(),
  ranks: z.object({ ...historicRankFields, ...historicWeighted }),
  companies_scores: companyScores,
});

export const companyHistoryAnswerSchema: z.ZodType<CompanyHistoryResponse> = z.object({
  industry: z.string(),
  upright_cid: z.string(),
  company_name: z.string(),
  slug: z.string(),
  points: z.array(companyHistoryPoint),
});

export const industryHistoryAnswerSchema: z.ZodType<IndustryHistoryResponse> = z.object({
  industry: z.string(),
  companies: z.array(
    z.object({ upright_cid: z.string(), company_name: z.string(), slug: z.string() }),
  ),
  periods: z.array(
    z.object({
      period: periodAnswerSchema,
      n: z.int(),
      ranked: z.array(
        z.object({ upright_cid: z.string(), ...historicRankFields, ...historicWeighted }),
      ),
    }),
  ),
});

export const comparisonAnswerSchema: z.ZodType<ComparisonResponse> = z.object({
  industryResult: industryAnswerSchema,
  companies: z.array(
    z.object({ detail: companyDetailAnswerSchema, history: z.array(companyHistoryPoint) }),
  ),
});

// Reports.

const reportSummaryFields = {
  report_id: z.int(),
  title: z.string(),
  slug: z.string(),
  published_date: ymd,
  industry: z.string(),
  value: z.enum(RANKING_VALUES as [RankingValue, ...RankingValue[]]),
  geography: z.string(),
  count: z.int(),
  primary: z.boolean(),
  major: z.boolean(),
  major_ranking: z.boolean(),
  lowest_rank: z.int().nullable(),
  archived: z.boolean(),
  featured: z.boolean(),
  period_year: z.int(),
  period_qrt: z.int(),
  frozen: z.boolean(),
  path: z.string(),
};
const reportSummary: z.ZodType<ReportSummary> = z.object(reportSummaryFields);

export const reportAnswerSchema: z.ZodType<Report> = z.object({
  ...reportSummaryFields,
  report: z.string(),
});

const reportPageFields = {
  items: z.array(reportSummary),
  count: z.int(),
  page: z.int(),
  pageSize: z.int(),
};
export const reportPageAnswerSchema: z.ZodType<ReportPage> = z.object(reportPageFields);

export const majorReportsAnswerSchema: z.ZodType<MajorReportsResponse> = z.object({
  ...reportPageFields,
  major: reportSummary.nullable(),
});

export const reportSourceAnswerSchema: z.ZodType<ReportSource> = z.object({
  report_id: z.int(),
  upright_cid: z.string().nullable(),
  ...sourceRef,
  title: z.string(),
});

export const reportSourcesAnswerSchema: z.ZodType<ReportSourcesResponse> = z.object({
  sources: z.array(reportSourceAnswerSchema),
});

export const publishedReportAnswerSchema: z.ZodType<PublishedReport> = z.object({
  report: reportAnswerSchema,
  canonical: z.string(),
  rankings: z
    .object({
      rankings: z.array(topCompany),
      lowestRank: z.int(),
      period: periodAnswerSchema,
      frozen: z.boolean(),
      applicable_issues: z.array(issueKey),
    })
    .nullable(),
  majorItems: majorReportsAnswerSchema.nullable(),
  sources: z.array(reportSourceAnswerSchema),
});

export const reportPathPartsAnswerSchema: z.ZodType<ReportPathParts> = z.object({
  report_id: z.int(),
  published_date: ymd,
  slug: z.string(),
});

export const publishReportAnswerSchema: z.ZodType<PublishReportResponse> = z.object({
  info: reportAnswerSchema,
  normalized: z.array(topCompany),
  lowestRank: z.int(),
  slug: z.string(),
});

// Corrections.

const correctionField = z.enum(CORRECTION_FIELDS as [CorrectionField, ...CorrectionField[]]);
const correctionCompany = z.object({
  upright_cid: z.string(),
  company_name: z.string(),
  industry: z.string(),
  slug: z.string(),
});
const correctionsPage = z.object({ page: z.int(), size: z.int(), total: z.int() });

export const correctionReceiptAnswerSchema: z.ZodType<CorrectionReceipt> = z.object({
  reference: z.string(),
  promise_days: z.int(),
});

const scoreField = z.enum(SCORE_FIELDS as [ScoreField, ...ScoreField[]]);

const ledgerEntryShape = periodAnswerSchema.extend({
  reference: z.string(),
  field: correctionField,
  field_label: z.string(),
  status: z.enum(CORRECTION_STATUSES),
  requested_at: isoTime,
  resolved_at: isoTime.nullable(),
  corrected_field: scoreField.nullable(),
  corrected_field_label: z.string().nullable(),
  before_value: z.number().nullable(),
  after_value: z.number().nullable(),
  reason: z.string().nullable(),
  source_url: z.string().nullable(),
});

export const ledgerEntryAnswerSchema: z.ZodType<LedgerEntry> = ledgerEntryShape;

/** An accepted request as it is staged in the draft (decision 0077), with the draft's version. */
export const stagedCorrectionAnswerSchema: z.ZodType<StagedCorrection> = ledgerEntryShape.extend({
  staged_version: z.int(),
});

export const correctionLedgerAnswerSchema: z.ZodType<CorrectionLedger> = z.object({
  company: correctionCompany,
  promise_days: z.int(),
  median_resolution_seconds: z.object({
    site: z.number().nullable(),
    company: z.number().nullable(),
  }),
  open_requests: z.int(),
  entries: z.array(ledgerEntryAnswerSchema),
  page: correctionsPage,
});

export const openCorrectionsAnswerSchema: z.ZodType<OpenCorrectionsResponse> = z.object({
  corrections: z.array(
    periodAnswerSchema.extend({
      id: z.int(),
      reference: z.string(),
      company: correctionCompany,
      field: correctionField,
      field_label: z.string(),
      current_value: z.number().nullable(),
      requester_name: z.string(),
      requester_email: z.string(),
      what_is_wrong: z.string(),
      evidence_url: z.string(),
      requested_at: isoTime,
      staged: z
        .object({
          version_id: z.int(),
          corrected_field: scoreField,
          corrected_field_label: z.string(),
          after_value: z.number().nullable(),
          reason: z.string(),
        })
        .nullable(),
    }),
  ),
  staged: z.int(),
  page: correctionsPage,
});

// The editors' desk (decision 0077), admins only.

const sectionCounts: z.ZodType<SectionCounts> = z.object({
  inserted: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  removed: z.int(),
});

const dataVersionSummary = z.object({
  version_id: z.int(),
  state: z.enum(['draft', 'public', 'retired', 'discarded'] satisfies DataVersionState[]),
  base_version: z.int().nullable(),
  file_sha256: z.string().nullable(),
  counts: z.record(z.string(), sectionCounts),
  staged_by: z.string(),
  staged_at: isoTime,
  published_by: z.string().nullable(),
  published_at: isoTime.nullable(),
}) satisfies z.ZodType<DataVersionSummary>;

export const deskStateAnswerSchema: z.ZodType<DeskState> = z.object({
  public: dataVersionSummary,
  draft: dataVersionSummary
    .extend({
      industries: z.array(
        z.object({
          industry: z.string(),
          industry_text: z.string(),
          added: z.int(),
          removed: z.int(),
          moved: z.int(),
          alerts_followers: z.boolean(),
        }),
      ),
      corrections: z.int().min(0),
    })
    .nullable(),
  rollback_to: dataVersionSummary.nullable(),
  running_job: z.string().nullable(),
});

export const deskUploadAnswerSchema: z.ZodType<DeskUpload> = z.object({
  upload_id: z.string(),
  chunk_bytes: z.int(),
});

export const deskJobStartedAnswerSchema: z.ZodType<DeskJobStarted> = z.object({
  job_id: z.string(),
});

export const deskJobAnswerSchema: z.ZodType<DeskJob> = z.object({
  job_id: z.string(),
  kind: z.enum(['stage', 'publish', 'rollback'] satisfies DeskJobKind[]),
  state: z.enum(['running', 'failed', 'done'] satisfies DeskJobState[]),
  phase: z.string(),
  done: z.int(),
  total: z.int(),
  problems: z.array(z.object({ path: z.string(), message: z.string() })),
  problem_count: z.int(),
  error: z.string().nullable(),
  version_id: z.int().nullable(),
});

const previewCompany = { upright_cid: z.string(), company_name: z.string() };

export const industryPreviewAnswerSchema: z.ZodType<DraftPreviewAnswer> = z.object({
  industry: z.string(),
  industry_text: z.string(),
  period_before: periodAnswerSchema.nullable(),
  period_after: periodAnswerSchema.nullable(),
  members_before: z.int(),
  members_after: z.int(),
  added: z.array(z.object(previewCompany)),
  removed: z.array(z.object(previewCompany)),
  moves: z.array(
    z.object({
      ...previewCompany,
      before: z.int().nullable(),
      after: z.int().nullable(),
      scores: z.array(
        z.object({
          issue: issueKey,
          field: z.enum(SCORE_FIELDS as [ScoreField, ...ScoreField[]]),
          before: z.number().nullable(),
          after: z.number().nullable(),
        }),
      ),
    }),
  ),
  scores_without_figures: z.array(z.object({ ...previewCompany, issues: z.array(issueKey) })),
  coverage: z.array(z.object({ issue: issueKey, before: z.int(), after: z.int() })),
  alerts_followers: z.boolean(),
  reports: z.array(
    z.object({
      report_id: z.int(),
      title: z.string(),
      path: z.string(),
      published_date: ymd,
    }),
  ),
  followers_alerted: z.int().min(0),
});

export const deskLogAnswerSchema: z.ZodType<DeskLogPage> = z.object({
  entries: z.array(
    z.object({
      id: z.int(),
      at: isoTime,
      actor: z.string(),
      actor_kind: z.enum(['admin', 'cli'] satisfies DeskActorKind[]),
      action: z.enum([
        'stage',
        'publish',
        'rollback',
        'discard',
        'correction',
      ] satisfies DeskAction[]),
      version_id: z.int(),
      file_sha256: z.string().nullable(),
      counts: z.record(z.string(), z.unknown()),
    }),
  ),
  page: z.int(),
  size: z.int(),
  total: z.int(),
});

// Search.

const searchHitFields = {
  _id: z.string(),
  _index: z.string(),
  _score: z.number(),
  _source: z.record(z.string(), z.unknown()),
  highlight: z.record(z.string(), z.array(z.string())).optional(),
};
/** A result hit, or a suggestion (its label, value and kind; `_category` only on suggestions). */
const searchHit = z.object({
  ...searchHitFields,
  label: z.string().optional(),
  value: z.string().optional(),
  _suggestion_type: z.enum(['index', 'popular', 'recent'] satisfies SuggestionType[]).optional(),
  _category: z.null().optional(),
});

const searchQueryResult: z.ZodType<SearchQueryResult> = z.object({
  took: z.number(),
  hits: z.object({
    total: z.object({ value: z.int(), relation: z.literal('eq') }),
    max_score: z.number(),
    hits: z.array(searchHit),
  }),
  aggregations: z
    .record(
      z.string(),
      z.object({ buckets: z.array(z.object({ key: z.string(), doc_count: z.int() })) }),
    )
    .optional(),
});

/** The ReactiveSearch answer: each query's result under its id. */
export const reactiveSearchAnswerSchema = z.record(z.string(), searchQueryResult);

export const searchImpressionsAnswerSchema: z.ZodType<SearchImpressionsResponse> = z.object({
  query_id: z.string(),
});

export const recentSearchesAnswerSchema: z.ZodType<RecentSearchesResponse> = z.array(
  z.object({ key: z.string(), count: z.int() }),
);
