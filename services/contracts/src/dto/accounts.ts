import { ISSUES, type AverageField, type IssueKey } from '../issues';

/**
 * Spec §3 Averages: the mean of each server priority over weighted, not discontinued members,
 * 2 decimals; 5 everywhere when there are none (decisions §4). Visitors' rankings use them.
 */
export type Averages = { readonly [F in AverageField]: number };

/** `average_<x>` for the issue whose server priority is `value_<x>`, in issue order. */
export const AVERAGE_FIELD_OF_ISSUE: Readonly<Record<IssueKey, AverageField>> = Object.fromEntries(
  ISSUES.map((issue) => [issue.key, issue.serverPriority.replace(/^value_/, 'average_')]),
) as Record<IssueKey, AverageField>;

export const AVERAGE_FIELDS: readonly AverageField[] = Object.values(AVERAGE_FIELD_OF_ISSUE);
