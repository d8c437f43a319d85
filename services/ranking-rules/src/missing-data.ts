import { DISCLOSURE_DEPENDENT_ISSUES, type IssueKey } from './issues';

/** The fields of docs/product/rules.md#s5 rule 4. */
export interface DisclosureFields {
  readonly structure: string | null;
  readonly alt_reporting: boolean;
  readonly self_reporting: boolean;
}

/**
 * Where an issue rank comes from: a score, a missing score (rules 2–3: climate counted as
 * 1500, the others at L) or the private-company rule (rule 4: at L whatever the score).
 */
export type IssueDataStatus = 'scored' | 'no_data' | 'not_disclosed';

const DISCLOSURE_DEPENDENT: ReadonlySet<IssueKey> = new Set(DISCLOSURE_DEPENDENT_ISSUES);

/** Rule 4: public, or reporting by other means. Only the exact value `'Public'` is public. */
export function discloses(company: DisclosureFields): boolean {
  return company.structure === 'Public' || company.alt_reporting || company.self_reporting;
}

export function issueDataStatus(
  company: DisclosureFields,
  key: IssueKey,
  score: number | null,
): IssueDataStatus {
  if (DISCLOSURE_DEPENDENT.has(key) && !discloses(company)) return 'not_disclosed';
  return score === null ? 'no_data' : 'scored';
}
