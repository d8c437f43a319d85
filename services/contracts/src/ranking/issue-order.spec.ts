import { ISSUE_KEYS } from '@upright/ranking-rules';
import { ISSUES } from '../issues';

describe('the issue table and the ranking rules', () => {
  it('list the same issues in the same order', () => {
    // Ranks are read and written by issue position (weighIssueRanks' matrix, the open-data
    // columns): a table in another order would pair a label with another issue's rank.
    expect(ISSUES.map((issue) => issue.key)).toEqual([...ISSUE_KEYS]);
  });
});
