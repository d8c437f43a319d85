import {
  CLIENT_PRIORITY_FIELDS,
  ISSUES,
  NOT_RANKED_PRIORITY_FIELDS,
  PRIORITY_DEFAULT,
  PRIORITY_MAX,
  PRIORITY_MIN,
  type AnyClientPriorityField,
  type PriorityValues,
} from '@upright/contracts';

export { CLIENT_PRIORITY_FIELDS };
export type ClientPriorityName = AnyClientPriorityField;

/**
 * The nine issues that weight rankings (docs/product/rules.md#s4), labelled from the issue table.
 */
export const RANKED_FIELDS = ISSUES.map((issue) => ({
  field: issue.clientPriority,
  label: issue.label,
}));
/** The other client fields of docs/product/spec.md#s3: stored and shown as "not ranked yet". */
export const NOT_RANKED_FIELDS = NOT_RANKED_PRIORITY_FIELDS.map((field) => ({
  field,
  label: humanize(field),
}));

function humanize(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Whatever the API returned, a full set of integers 0–10 (default 5). */
export function normalizePriorities(
  raw: Record<string, unknown> | null | undefined,
): PriorityValues {
  const values = {} as PriorityValues;
  for (const field of CLIENT_PRIORITY_FIELDS) {
    const value = Number(raw?.[field]);
    values[field] = Number.isFinite(value)
      ? Math.min(PRIORITY_MAX, Math.max(PRIORITY_MIN, Math.round(value)))
      : PRIORITY_DEFAULT;
  }
  return values;
}

export function samePriorities(a: PriorityValues, b: PriorityValues): boolean {
  return CLIENT_PRIORITY_FIELDS.every((field) => a[field] === b[field]);
}
