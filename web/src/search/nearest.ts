import type { SearchApp } from '@upright/contracts';
import { SEARCH_MODES } from './modes';

const NEAREST_ID = 'nearest';

/** How many nearest names a search that found nothing offers. */
export const NEAREST_NAMES = 5;

/**
 * The BFF body asking for the names nearest a text that found nothing: the same fields, typos
 * tolerated (AUTO: one edit up to 5 letters, two beyond), not recorded as a search.
 */
export function nearestNamesBody(mode: SearchApp, text: string) {
  return {
    settings: { recordAnalytics: false },
    query: [
      {
        id: NEAREST_ID,
        type: 'search',
        dataField: [...SEARCH_MODES[mode].fields],
        value: text,
        fuzziness: 'AUTO',
        size: NEAREST_NAMES,
        execute: true,
      },
    ],
  };
}

/** The documents of the BFF's answer to `nearestNamesBody`. */
export function nearestHits<Hit>(answer: Record<string, { hits?: { hits?: Hit[] } } | undefined>) {
  return answer[NEAREST_ID]?.hits?.hits ?? [];
}
