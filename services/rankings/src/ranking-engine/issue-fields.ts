import { ISSUE_KEYS, type IssueKey } from '@upright/contracts';
import type { IssueRankField, IssueTiedField } from './types';

export function rankField<K extends IssueKey>(key: K): `${K}_rank` {
  return `${key}_rank`;
}

export function tiedField<K extends IssueKey>(key: K): `${K}_tied` {
  return `${key}_tied`;
}

/** `<key>_rank` / `<key>_tied` field names, in the contract's issue order (ISSUE_KEYS). */
export const RANK_FIELDS: readonly IssueRankField[] = ISSUE_KEYS.map(rankField);
export const TIED_FIELDS: readonly IssueTiedField[] = ISSUE_KEYS.map(tiedField);

const KNOWN_KEYS: ReadonlySet<string> = new Set(ISSUE_KEYS);

/** Guards route parameters and other untyped input. */
export function assertIssueKey(key: string): asserts key is IssueKey {
  if (!KNOWN_KEYS.has(key)) throw new RangeError(`unknown issue key: ${key}`);
}
