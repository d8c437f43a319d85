import { ISSUES, DISCLOSURE_DEPENDENT_ISSUES, ISSUE_KEYS } from './issues';

describe('issue table (docs/product/rules.md#s4)', () => {
  it('has nine issues with unique keys, score fields and priorities', () => {
    expect(ISSUES).toHaveLength(9);
    for (const column of ['key', 'scoreField', 'serverPriority', 'clientPriority'] as const) {
      expect(new Set(ISSUES.map((issue) => issue[column])).size).toBe(9);
    }
  });

  it('server priorities are value_ fields and score fields end in _score', () => {
    for (const issue of ISSUES) {
      expect(issue.serverPriority).toMatch(/^value_[a-z_]+$/);
      expect(issue.scoreField).toMatch(/_score$/);
    }
  });

  it('disclosure-dependent issues are six known keys', () => {
    expect(DISCLOSURE_DEPENDENT_ISSUES).toHaveLength(6);
    for (const key of DISCLOSURE_DEPENDENT_ISSUES) expect(ISSUE_KEYS).toContain(key);
    expect(DISCLOSURE_DEPENDENT_ISSUES).not.toContain('climate');
    expect(DISCLOSURE_DEPENDENT_ISSUES).not.toContain('lobbying');
    expect(DISCLOSURE_DEPENDENT_ISSUES).not.toContain('net_neutrality');
  });
});
