import type { DetailTableName } from '../details';
import type { IssueKey } from '../issues';
import { DETAIL_TABLES_OF_ISSUE } from './applicability';

/** What a detail entry needs to count as evidence: its period and at least one metric. */
export interface EvidenceEntry {
  readonly period_year: number;
  readonly period_qrt: number;
  readonly metrics: readonly unknown[];
}

/**
 * What stands behind an issue's rank (rules §16: a rank is shown with the figure behind it, or
 * with words saying that there is none):
 * - `figure`: a figure of the score's period is published;
 * - `older_figure`: the latest published figure is from another period than the score;
 * - `score_without_figure`: the data has a score but no figure behind it;
 * - `no_score`: no score (the rank comes from rules §5 rules 2–3).
 */
export type IssueEvidence = 'figure' | 'older_figure' | 'score_without_figure' | 'no_score';

export function issueEvidence(
  key: IssueKey,
  score: number | null,
  period: { readonly period_year: number; readonly period_qrt: number },
  entries: Readonly<Partial<Record<DetailTableName, EvidenceEntry | null>>>,
): IssueEvidence {
  if (score === null) return 'no_score';
  const published = DETAIL_TABLES_OF_ISSUE[key]
    .map((table) => entries[table])
    .filter((entry): entry is EvidenceEntry => !!entry && entry.metrics.length > 0);
  if (published.length === 0) return 'score_without_figure';
  const samePeriod = published.some(
    (entry) => entry.period_year === period.period_year && entry.period_qrt === period.period_qrt,
  );
  return samePeriod ? 'figure' : 'older_figure';
}
