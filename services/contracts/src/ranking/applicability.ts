import { DETAIL_TABLE_NAMES, DETAIL_TABLES, type DetailTableName } from '../details';
import { ISSUE_KEYS, type IssueKey } from '../issues';

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
