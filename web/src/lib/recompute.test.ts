import { ISSUE_KEYS, type IssueWeights } from '@upright/contracts';
import { parseArgs } from '@upright/ranking-rules';
import { describe, expect, it } from 'vitest';
import { recomputeCommand } from './recompute';

/** The words a shell passes the command: split on spaces, single quotes taken off. */
const argv = (command: string) =>
  command
    .split(' ')
    .slice(2)
    .map((word) => word.replace(/^'(.*)'$/, '$1'));

describe('the recompute command a page shows', () => {
  const url = 'https://upright.example/api/open/us/airlines.json?year=2026&qrt=1';

  it('is one the command accepts, with the weights the page states', () => {
    const weights = Object.fromEntries(
      ISSUE_KEYS.map((key, k) => [key, [5, 2.5, 0, 7.25][k % 4]]),
    ) as IssueWeights;
    const command = recomputeCommand(url, weights);
    expect(command.startsWith('npx upright-recompute ')).toBe(true);
    expect(parseArgs(argv(command))).toEqual({
      help: false,
      options: { industry: url, weights, check: true, json: false },
    });
  });

  it('leaves the weights to the file when the page states none', () => {
    expect(parseArgs(argv(recomputeCommand(url)))).toEqual({
      help: false,
      options: { industry: url, weights: null, check: true, json: false },
    });
  });
});
