import { ISSUES } from '@upright/contracts';
import { describe, expect, it } from 'vitest';
import { issueDefinitions } from './issue-definitions';

describe('issueDefinitions', () => {
  const definitions = issueDefinitions();

  it('defines every issue in the order of the issue table', () => {
    expect(definitions.map((definition) => definition.key)).toEqual(
      ISSUES.map((issue) => issue.key),
    );
    for (const definition of definitions) {
      expect(definition.measures).not.toBe('');
      expect(definition.sources).not.toBe('');
      expect(definition.cadence).not.toBe('');
    }
  });

  it('lists the figures behind an issue with their unit and direction', () => {
    const exec = definitions.find((definition) => definition.key === 'exec_pay')!;
    expect(exec.metrics).toContainEqual({
      label: 'CEO-to-median-worker pay ratio',
      unit: 'ratio to 1',
      direction: 'lower is better',
    });
    const tax = definitions.find((definition) => definition.key === 'tax')!;
    expect(tax.metrics).toContainEqual({
      label: 'US pre-tax income',
      unit: 'US dollars',
      direction: 'context, neither better nor worse',
    });
  });

  it('says what "no data" means by the ranking rules', () => {
    const byKey = Object.fromEntries(definitions.map((definition) => [definition.key, definition]));
    expect(byKey.climate.noData).toMatch(/1500/);
    expect(byKey.tax.noData).toMatch(/Not disclosed/);
    expect(byKey.lobbying.noData).not.toMatch(/Not disclosed/);
  });

  it('has no figures for net neutrality, and says why', () => {
    const neutrality = definitions.find((definition) => definition.key === 'net_neutrality')!;
    expect(neutrality.metrics).toEqual([]);
    expect(neutrality.measures).toMatch(/No figure stands behind this score/);
  });
});
