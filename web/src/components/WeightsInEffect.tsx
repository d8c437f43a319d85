import type { WeightsBasis } from '@upright/contracts';
import { api } from '../api/endpoints';
import { useApi } from '../hooks/useApi';
import { formatDate, MONTHS } from '../lib/format';

/**
 * `2026-11-01T00:00:00Z` → "of November 2026 (in effect since November 1, 2026)": which
 * members' averages rank visitors and since when (decision 0055 rule 1). The month is the one they
 * took effect in: under the monthly rule the 1st, otherwise the day they were published.
 */
export function inEffectWords(since: string): string {
  const [year, month] = since.split('-');
  return `of ${MONTHS[Number(month) - 1]} ${year} (in effect since ${formatDate(since)})`;
}

/**
 * Said after a ranking's weights label when the members' averages rank it. Rankings' answers name
 * the weights (`basis`) but not their date; the crowd answer, public and kept like them, does.
 */
export function WeightsInEffect({ basis }: { basis: WeightsBasis | undefined }) {
  return basis === 'members' ? <MembersAveragesInEffect /> : null;
}

function MembersAveragesInEffect() {
  const crowd = useApi(() => api.crowd(), []);
  if (crowd.kind !== 'ready' || crowd.data.in_force === null) return null;
  return <span data-testid="weights-in-effect"> {inEffectWords(crowd.data.in_force.since)}</span>;
}
