import type { ReactNode } from 'react';
import type { RankMove } from '@upright/contracts';
import { describeRank, formatRank } from '../lib/format';
import { MoveMarker } from './MoveMarker';
import { rankTier, TIER_WORDS, type RankTier } from './rank-scale';

/** Five pips, as many filled as the tier is good: the colour scale's non-colour cue. */
export function RankMeter({ tier }: { tier: RankTier | null }) {
  if (tier === null) return null;
  return (
    <span className="rank-meter" aria-hidden="true">
      {[1, 2, 3, 4, 5].map((pip) => (
        <span key={pip} className={pip <= 6 - tier ? 'pip is-on' : 'pip'} />
      ))}
    </span>
  );
}

/**
 * A rank at a glance: "3 of 19", coloured by its fifth of the field with the pips beside it, and
 * optionally what it is a rank of (`label`), where and when (`context`), and its move.
 * `size="large"` is the answer-first badge of a company page; the default fits a card or a list.
 */
export function RankBadge({
  rank,
  tied,
  of,
  label,
  context,
  move,
  movesSince,
  size = 'small',
}: {
  rank: number | null | undefined;
  tied?: boolean | null;
  of: number;
  label?: ReactNode;
  context?: ReactNode;
  move?: RankMove;
  movesSince?: string;
  size?: 'small' | 'large';
}) {
  const tier = rankTier(rank, of);
  const tierClass = tier === null ? 'tier-none' : `tier-${tier}`;
  return (
    <div className={`rank-badge rank-badge-${size} ${tierClass}`} data-testid="rank-badge">
      {label && <span className="rank-badge-label">{label}</span>}
      <span className="rank-badge-figure">
        {rank === null || rank === undefined ? (
          <span className="rank-badge-rank">Not ranked</span>
        ) : (
          <>
            <span className="rank-badge-rank" aria-hidden="true">
              {formatRank(rank, tied)}
            </span>
            <span className="rank-badge-of" aria-hidden="true">
              of {of}
            </span>
            <span className="visually-hidden">
              {describeRank(rank, tied === true, of)}
              {tier !== null ? `, ${TIER_WORDS[tier]}` : ''}
            </span>
          </>
        )}
        <RankMeter tier={tier} />
      </span>
      {context && <span className="rank-badge-context">{context}</span>}
      {move !== undefined && <MoveMarker move={move} since={movesSince} />}
    </div>
  );
}
