/**
 * Typing a company name in the search bar: suggestion queries while typing, results on Enter
 * (POST /api/search/companies/_reactivesearch, docs/product/rules.md#s9).
 * k6 run -e BASE_URL=https://upright.example.com -e RATE=5 infra/k6/search-as-you-type.ts
 */
import type { Options } from 'k6/options';
import { journeyContext, preflightOrAbort } from './lib/k6-client.ts';
import { searchAsYouType } from './lib/journeys.ts';
import { DEFAULT_RATES } from './lib/load-model.ts';
import { arrivalScenario, journeyThresholds } from './lib/scenarios.ts';
import { settings } from './lib/settings.ts';
import { summaryFiles, type SummaryData } from './lib/summary.ts';

export const options: Options = {
  scenarios: {
    search_as_you_type: arrivalScenario(
      'search_as_you_type',
      'search',
      settings.rate(DEFAULT_RATES.search_as_you_type),
    ),
  },
  thresholds: journeyThresholds('search_as_you_type'),
};

export async function setup(): Promise<void> {
  await preflightOrAbort(['search_as_you_type']);
}

export async function search(): Promise<void> {
  await searchAsYouType(journeyContext('search_as_you_type'));
}

export function handleSummary(data: SummaryData): Record<string, string> {
  return summaryFiles('search-as-you-type', settings.summaryDir, data);
}
