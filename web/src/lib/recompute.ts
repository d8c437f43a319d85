import { ISSUE_KEYS, type IssueWeights } from '@upright/contracts';

/** How a reader makes the command of the ranking-rules package runnable (decision 0078). */
export const RECOMPUTE_SETUP = 'npm install && npx tsc -b services/ranking-rules';

/**
 * The `upright-recompute` command that recomputes the ranks of one industry's open-data file
 * with the weights a page states (all nine, as the command wants them), or, without weights, with
 * the ones the file states. `--check` makes it compare with the file's own ranks.
 */
export function recomputeCommand(fileUrl: string, weights?: IssueWeights): string {
  const stated = weights
    ? ` --weights ${ISSUE_KEYS.map((key) => `${key}=${weights[key]}`).join(',')}`
    : '';
  // Single quotes: a period's URL holds `?` and `&`, which a shell would read.
  return `npx upright-recompute --industry '${fileUrl}'${stated} --check`;
}
