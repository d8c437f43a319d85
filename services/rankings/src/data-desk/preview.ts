import {
  DETAIL_TABLES_OF_ISSUE,
  ISSUES,
  type CompanyScores,
  type DraftRankMove,
  type IndustryChangeSummary,
  type IndustryPreview,
  type IssueCoverage,
  type IssueKey,
  type Period,
  type PreviewCompany,
  type ScoreMove,
} from '@upright/contracts';
import type { RankedSet } from '../companies/ranked-set';
import { comparePeriods } from '../rank-alerts/new-periods';

/** One company of an industry's ranked set S at its latest period (rules §5). */
export interface SideMember {
  company_name: string;
  /** Overall rank; it does not depend on weights, so the preview needs none. */
  normalized_rank: number;
  scores: CompanyScores;
}

/** An industry as one side (public or draft) shows it at its latest period with scores. */
export interface IndustrySide {
  industry_text: string;
  /** The issues its ranking sums (rules §5 rule 5). */
  applicable: readonly IssueKey[];
  period: Period | null;
  members: ReadonlyMap<string, SideMember>;
}

/** The side of an industry that does not exist (yet): nobody is ranked in it. */
export function emptySide(industryText: string): IndustrySide {
  return { industry_text: industryText, applicable: [], period: null, members: new Map() };
}

/** The side of an industry from its ranked set at the latest period (null: no scores at all). */
export function sideOf(
  industryText: string,
  applicable: readonly IssueKey[],
  set: RankedSet | null,
): IndustrySide {
  if (set === null) return { ...emptySide(industryText), applicable };
  const ranks = set.ranksOn('overall', false);
  const members = new Map<string, SideMember>();
  for (const { company, scores } of set.members) {
    members.set(company.upright_cid, {
      company_name: company.company_name,
      normalized_rank: ranks.get(company.upright_cid)!,
      scores,
    });
  }
  return { industry_text: industryText, applicable, period: set.period, members };
}

type Issue = (typeof ISSUES)[number];

const ISSUE_ORDER = ISSUES.map((issue) => issue.key);

/** Issues of either side, in the issue table's order. */
function issuesOf(before: IndustrySide, after: IndustrySide): Issue[] {
  const applicable = new Set([...before.applicable, ...after.applicable]);
  return ISSUES.filter((issue) => applicable.has(issue.key));
}

/** One collator for every comparison: `localeCompare(…, 'en')` makes one per call (slow). */
const names = new Intl.Collator('en');

function byName(a: PreviewCompany, b: PreviewCompany): number {
  return (
    names.compare(a.company_name, b.company_name) ||
    (a.upright_cid < b.upright_cid ? -1 : a.upright_cid > b.upright_cid ? 1 : 0)
  );
}

function company(uprightCid: string, member: SideMember): PreviewCompany {
  return { upright_cid: uprightCid, company_name: member.company_name };
}

/**
 * The draft's scores that have to be backed by a published figure (rules §16): at the draft's
 * latest period, a score of an applicable issue that is new or differs from the public one.
 * Issues no detail table stands behind (net neutrality) are left out: pages always say they have
 * no figure, and there is nothing an editor could add.
 */
export function draftScores(before: IndustrySide, after: IndustrySide): Map<string, IssueKey[]> {
  const found = new Map<string, IssueKey[]>();
  if (after.period === null) return found;
  const samePeriod = before.period !== null && comparePeriods(before.period, after.period) === 0;
  const issues = ISSUES.filter(
    (issue) => after.applicable.includes(issue.key) && DETAIL_TABLES_OF_ISSUE[issue.key].length > 0,
  );
  for (const [cid, member] of after.members) {
    const then = samePeriod ? before.members.get(cid) : undefined;
    const changed = issues.filter(
      ({ scoreField }) =>
        member.scores[scoreField] !== null &&
        (then === undefined || then.scores[scoreField] !== member.scores[scoreField]),
    );
    if (changed.length > 0)
      found.set(
        cid,
        changed.map((issue) => issue.key),
      );
  }
  return found;
}

/**
 * Of the draft scores, those without a row of a detail table behind their issue at the draft's
 * period: `figures` lists, per company, the detail tables it has then.
 */
export function scoresWithoutFigures(
  draft: ReadonlyMap<string, readonly IssueKey[]>,
  figures: ReadonlyMap<string, ReadonlySet<string>>,
): Map<string, IssueKey[]> {
  const without = new Map<string, IssueKey[]>();
  for (const [cid, issues] of draft) {
    const tables = figures.get(cid);
    const missing = issues.filter(
      (issue) => !DETAIL_TABLES_OF_ISSUE[issue].some((table) => tables?.has(table)),
    );
    if (missing.length > 0) without.set(cid, missing);
  }
  return without;
}

function scoreMoves(
  issues: readonly Issue[],
  before: CompanyScores,
  after: CompanyScores,
): ScoreMove[] {
  return issues
    .filter(({ scoreField }) => before[scoreField] !== after[scoreField])
    .map(({ key, scoreField }) => ({
      issue: key,
      field: scoreField,
      before: before[scoreField],
      after: after[scoreField],
    }));
}

/**
 * The draft against what is public, for one industry (decision 0077 §4): who enters and leaves
 * its ranked set, every overall-rank move (largest first, then by name) with the scores that
 * changed under it, the draft's scores without a figure, and coverage per issue.
 */
export function industryPreview(
  industry: string,
  before: IndustrySide,
  after: IndustrySide,
  extra: {
    /** Publishing moves the latest period past the one alerted (decision 0037). */
    alertsFollowers: boolean;
    withoutFigures: ReadonlyMap<string, readonly IssueKey[]>;
  },
): IndustryPreview {
  const issues = issuesOf(before, after);
  const added: PreviewCompany[] = [];
  const moves: DraftRankMove[] = [];
  for (const [cid, now] of after.members) {
    const then = before.members.get(cid);
    if (then === undefined) added.push(company(cid, now));
    else if (then.normalized_rank !== now.normalized_rank) {
      moves.push({
        ...company(cid, now),
        before: then.normalized_rank,
        after: now.normalized_rank,
        scores: scoreMoves(issues, then.scores, now.scores),
      });
    }
  }
  const removed = [...before.members]
    .filter(([cid]) => !after.members.has(cid))
    .map(([cid, then]) => company(cid, then));
  const size = (move: DraftRankMove) => Math.abs(move.after! - move.before!);
  moves.sort((a, b) => size(b) - size(a) || byName(a, b));
  const withoutFigures = [...extra.withoutFigures]
    .filter(([cid]) => after.members.has(cid))
    .map(([cid, found]) => ({
      ...company(cid, after.members.get(cid)!),
      issues: ISSUE_ORDER.filter((issue) => found.includes(issue)),
    }))
    .sort(byName);
  return {
    industry,
    industry_text: after.industry_text,
    period_before: before.period,
    period_after: after.period,
    members_before: before.members.size,
    members_after: after.members.size,
    added: added.sort(byName),
    removed: removed.sort(byName),
    moves,
    scores_without_figures: withoutFigures,
    coverage: issues.map(({ key, scoreField }): IssueCoverage => ({
      issue: key,
      before: countScored(before, scoreField),
      after: countScored(after, scoreField),
    })),
    alerts_followers: extra.alertsFollowers,
  };
}

function countScored(side: IndustrySide, field: Issue['scoreField']): number {
  let count = 0;
  for (const member of side.members.values()) if (member.scores[field] !== null) count += 1;
  return count;
}

/** The preview's line in the desk's overview of the draft. */
export function summaryOf(preview: IndustryPreview): IndustryChangeSummary {
  return {
    industry: preview.industry,
    industry_text: preview.industry_text,
    added: preview.added.length,
    removed: preview.removed.length,
    moved: preview.moves.length,
    alerts_followers: preview.alerts_followers,
  };
}
