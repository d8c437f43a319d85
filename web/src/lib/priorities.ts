import { ISSUES, PRIORITY_DEFAULT, PRIORITY_MAX, PRIORITY_MIN } from '@upright/contracts';

/** Spec §3 client priority set; only the nine of decisions §4 weight rankings today. */
export const CLIENT_PRIORITY_FIELDS = [
  'charitable_giving',
  'fair_competition',
  'income_inequality',
  'wealth_concentration',
  'local',
  'tax',
  'climate',
  'waste_pollution',
  'sustainable_sourcing',
  'consumer_privacy',
  'consumer_terms_conditions',
  'net_neutrality',
  'hiring_discrimination',
  'diverse_representation',
  'diverse_pay',
  'child_labor',
  'labor',
  'conflict_sourcing',
  'lobbying',
  'political_expenditures',
  'transparency',
] as const;
export type ClientPriorityName = (typeof CLIENT_PRIORITY_FIELDS)[number];

const RANKED = new Set<string>(ISSUES.map((issue) => issue.clientPriority));
export const RANKED_FIELDS = ISSUES.map((issue) => ({
  field: issue.clientPriority,
  label: issue.label,
}));
export const NOT_RANKED_FIELDS = CLIENT_PRIORITY_FIELDS.filter((field) => !RANKED.has(field)).map(
  (field) => ({
    field,
    label: humanize(field),
  }),
);

function humanize(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type PriorityValues = Record<ClientPriorityName, number>;

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
