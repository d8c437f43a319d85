import { describe, expect, it } from 'vitest';
import { ISSUES } from '@upright/contracts';
import {
  CLIENT_PRIORITY_FIELDS,
  NOT_RANKED_FIELDS,
  normalizePriorities,
  RANKED_FIELDS,
  samePriorities,
} from './priorities';

describe('priorities', () => {
  it('ranks exactly the nine issues of docs/product/rules.md#s4; the other client fields are "not ranked yet"', () => {
    expect(RANKED_FIELDS.map((entry) => entry.field)).toEqual(
      ISSUES.map((issue) => issue.clientPriority),
    );
    expect(RANKED_FIELDS.length + NOT_RANKED_FIELDS.length).toBe(CLIENT_PRIORITY_FIELDS.length);
    expect(NOT_RANKED_FIELDS.map((entry) => entry.field)).toContain('charitable_giving');
    expect(RANKED_FIELDS.map((entry) => entry.field as string)).not.toContain('charitable_giving');
  });

  it('normalises whatever the API returns to integers 0–10, default 5', () => {
    const values = normalizePriorities({
      climate: 12,
      tax: -3,
      lobbying: '7',
      labor: 4.6,
      weighted: true,
    });
    expect(values.climate).toBe(10);
    expect(values.tax).toBe(0);
    expect(values.lobbying).toBe(7);
    expect(values.labor).toBe(5);
    expect(values.net_neutrality).toBe(5);
    expect(Object.keys(values)).toHaveLength(CLIENT_PRIORITY_FIELDS.length);
    expect(normalizePriorities(null).climate).toBe(5);
  });

  it('compares two sets field by field', () => {
    const base = normalizePriorities({});
    expect(samePriorities(base, normalizePriorities({}))).toBe(true);
    expect(samePriorities(base, { ...base, climate: 6 })).toBe(false);
  });
});
