import type { ReactNode } from 'react';
import { formatRank } from '../lib/format';
import { RankMeter } from './RankBadge';
import { rankTier } from './rank-scale';

/**
 * A table cell holding a rank on the colour scale: the number, its fifth of the
 * field as colour and as pips; `children` follow (a data note).
 */
export function RankCell({
  rank,
  tied,
  of,
  className,
  children,
}: {
  rank: number | null | undefined;
  tied: boolean | null | undefined;
  of: number;
  className?: string;
  children?: ReactNode;
}) {
  const tier = rankTier(rank, of);
  const classes = [className, tier === null ? '' : `tier-${tier}`].filter(Boolean).join(' ');
  return (
    <td className={classes || undefined}>
      {formatRank(rank, tied)}
      <RankMeter tier={tier} />
      {children}
    </td>
  );
}
