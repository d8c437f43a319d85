import {
  AVERAGE_FIELD_OF_ISSUE,
  ISSUE_KEYS,
  PRIORITY_DEFAULT,
  PRIORITY_MAX,
  PRIORITY_MIN,
  type Averages,
  type IssueWeights,
} from '@upright/contracts';

/** docs/product/rules.md#s4: every issue weighs 5 while no member has weighted priorities. */
export const DEFAULT_AVERAGE_WEIGHTS: IssueWeights = Object.freeze(
  Object.fromEntries(ISSUE_KEYS.map((key) => [key, PRIORITY_DEFAULT])) as IssueWeights,
);

/**
 * The averages as issue weights for the ranking engine, or null when the payload is not a
 * complete set of averages in the priority range (it then must not replace the current ones).
 */
export function weightsFromAverages(averages: unknown): IssueWeights | null {
  if (typeof averages !== 'object' || averages === null) return null;
  const record = averages as Record<string, unknown>;
  const weights: Partial<Record<keyof IssueWeights, number>> = {};
  for (const key of ISSUE_KEYS) {
    const value = record[AVERAGE_FIELD_OF_ISSUE[key]];
    if (typeof value !== 'number' || !(value >= PRIORITY_MIN && value <= PRIORITY_MAX)) {
      return null;
    }
    weights[key] = value;
  }
  return Object.freeze(weights as IssueWeights);
}

export function sameWeights(a: IssueWeights, b: IssueWeights): boolean {
  return ISSUE_KEYS.every((key) => a[key] === b[key]);
}

export function averagesFromWeights(weights: IssueWeights): Averages {
  return Object.fromEntries(
    ISSUE_KEYS.map((key) => [AVERAGE_FIELD_OF_ISSUE[key], weights[key]]),
  ) as Averages;
}
