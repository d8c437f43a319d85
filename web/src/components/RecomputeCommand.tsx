import type { IssueWeights } from '@upright/contracts';
import { useEffect, useState } from 'react';
import { RECOMPUTE_SETUP, recomputeCommand } from '../lib/recompute';

/**
 * The commands that recompute an industry's ranks from its open data (decision 0078): the
 * example industry's with the weights a page states, or any industry's.
 */
export function RecomputeCommand({
  industry,
  weights,
}: {
  industry?: string;
  weights?: IssueWeights;
}) {
  // The site's own address once in the browser; the server render has no window.
  const [origin, setOrigin] = useState('https://…');
  useEffect(() => setOrigin(window.location.origin), []);
  const file = `${origin}/api/open/us/${industry ?? '{industry}'}.json`;
  return (
    <pre className="code-block" data-testid="recompute-command">
      <code>{`${RECOMPUTE_SETUP}\n${recomputeCommand(file, weights)}`}</code>
    </pre>
  );
}
