import {
  CLIENT_PRIORITY_FIELDS,
  ISSUES,
  issueWeightsOf,
  PRIORITY_DEFAULT,
  serverPriorityFieldOf,
  type IssueWeights,
  type PrioritiesBody,
  type PriorityValues,
} from '@upright/contracts';

/** A stored priorities row by server field name (`value_<x>`), as Prisma returns it. */
export type StoredPriorities = Readonly<Record<string, unknown>>;

/** The stored row as the API's client-named values. */
export function clientValuesOf(stored: StoredPriorities): PriorityValues {
  return Object.fromEntries(
    CLIENT_PRIORITY_FIELDS.map((field) => [field, Number(stored[serverPriorityFieldOf(field)])]),
  ) as PriorityValues;
}

/** The stored columns to write for the given (partial) client values. */
export function serverColumnsOf(values: PrioritiesBody): Record<string, number> {
  return Object.fromEntries(
    Object.entries(values)
      .filter((entry): entry is [keyof PriorityValues, number] => entry[1] !== undefined)
      .map(([field, value]) => [serverPriorityFieldOf(field), value]),
  );
}

/** docs/product/rules.md#s4: `weighted` once the nine ranked values differ from all-5. */
export function isWeighted(values: PriorityValues): boolean {
  return ISSUES.some((issue) => values[issue.clientPriority] !== PRIORITY_DEFAULT);
}

/**
 * A member's ranking weights (docs/product/rules.md#s5 rule 7): null until priorities are saved,
 * and while a discontinuation is pending.
 */
export function memberWeightsOf(user: {
  prefsUpdated: Date | null;
  discontinue: boolean;
  priorities: StoredPriorities | null;
}): IssueWeights | null {
  if (user.prefsUpdated === null || user.priorities === null || user.discontinue) return null;
  return issueWeightsOf(clientValuesOf(user.priorities));
}
