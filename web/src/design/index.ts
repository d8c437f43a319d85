// The design system (decision 0056): its styles come in through styles/app.css.
export { FigureCard, type PeerFigure } from './FigureCard';
export { MoveMarker } from './MoveMarker';
export { RankBadge, RankMeter } from './RankBadge';
export { RankCell } from './RankCell';
export { rankTier, rankTierClass, TIER_WORDS, type RankTier } from './rank-scale';
