export const rankingsEvents = {
  industryDataChanged: 'rankings.industry-data.changed',
} as const;

export interface RankingsEventMap {
  'rankings.industry-data.changed': { industries: string[] };
}
