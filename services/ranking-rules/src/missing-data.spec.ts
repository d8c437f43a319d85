import { DISCLOSURE_DEPENDENT_ISSUES, ISSUE_KEYS } from './issues';
import { discloses, issueDataStatus } from './missing-data';

const publicCompany = { structure: 'Public', alt_reporting: false, self_reporting: false };
const privateCompany = { structure: 'Private', alt_reporting: false, self_reporting: false };

describe('issueDataStatus (docs/product/rules.md#s5 rules 2–4)', () => {
  it('is scored with a score and no_data without one, climate included', () => {
    for (const key of ISSUE_KEYS) {
      expect(issueDataStatus(publicCompany, key, 3)).toBe('scored');
      expect(issueDataStatus(publicCompany, key, null)).toBe('no_data');
    }
  });

  it('is not_disclosed on the six rule-4 issues for a private company without reporting', () => {
    for (const key of ISSUE_KEYS) {
      const dependent = DISCLOSURE_DEPENDENT_ISSUES.includes(key);
      expect(issueDataStatus(privateCompany, key, 3)).toBe(dependent ? 'not_disclosed' : 'scored');
    }
  });

  it('counts alternative or self reporting as disclosing; only exactly "Public" is public', () => {
    expect(discloses({ ...privateCompany, alt_reporting: true })).toBe(true);
    expect(discloses({ ...privateCompany, self_reporting: true })).toBe(true);
    expect(discloses({ ...privateCompany, structure: 'public' })).toBe(false);
    expect(discloses({ ...privateCompany, structure: null })).toBe(false);
    expect(discloses(publicCompany)).toBe(true);
  });
});
