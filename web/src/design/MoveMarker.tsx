import type { RankMove } from '@upright/contracts';
import { formatMove } from '../lib/format';

/**
 * A rank's move since the previous period: ▲2 / ▼1 / – / new, coloured and spoken in words
 * ("up 2 since Q2 2025"). Moves compare period with period.
 */
export function MoveMarker({ move, since }: { move: RankMove; since?: string }) {
  const { mark, words } = formatMove(move);
  const direction = move === null ? 'new' : move > 0 ? 'up' : move < 0 ? 'down' : 'same';
  return (
    <span className={`move-marker is-${direction}`}>
      <span aria-hidden="true">{mark}</span>
      <span className="visually-hidden">
        {words}
        {since && move !== null ? ` since ${since}` : ''}
      </span>
      {since && (
        <span className="move-since" aria-hidden="true">
          {' '}
          since {since}
        </span>
      )}
    </span>
  );
}
