import { DETAIL_TABLE_NAMES, DETAIL_TABLES, type DetailTableName } from '../details';
import { ISSUE_KEYS, type IssueKey } from '../issues';

/**
 * The issues that apply to an industry (rules §16, decision 0054): those its `industry_values`
 * lists, in the order of the issue table; every issue when the list is empty (the data set did not
 * say). Only these are shown for the industry, and only these enter the sums of rules §5 (rule 5:
 * raw_rank, raw_arank, raw_prank); the other issues' ranks are still worked out and answered.
 */
export function applicableIssues(industryValues: readonly string[]): IssueKey[] {
  if (industryValues.length === 0) return [...ISSUE_KEYS];
  const listed = new Set(industryValues);
  return ISSUE_KEYS.filter((key) => listed.has(key));
}

/** The detail tables that stand behind at least one of these issues, in table order. */
export function applicableDetailTables(issues: readonly IssueKey[]): DetailTableName[] {
  const shown = new Set(issues);
  return DETAIL_TABLE_NAMES.filter((table) =>
    DETAIL_TABLES[table].issues.some((issue) => shown.has(issue)),
  );
}

/** Where the figures behind each issue's score are published; none for net neutrality. */
export const DETAIL_TABLES_OF_ISSUE: Readonly<Record<IssueKey, readonly DetailTableName[]>> =
  Object.fromEntries(
    ISSUE_KEYS.map((key): [IssueKey, DetailTableName[]] => [
      key,
      DETAIL_TABLE_NAMES.filter((table) =>
        (DETAIL_TABLES[table].issues as readonly IssueKey[]).includes(key),
      ),
    ]),
  ) as Record<IssueKey, DetailTableName[]>;
