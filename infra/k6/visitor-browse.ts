/**
 * A visitor reading the site: home → reports → a published report → its industry → a company.
 * k6 run -e BASE_URL=https://upright.example.com -e RATE=10 infra/k6/visitor-browse.ts
 */
import type { Options } from 'k6/options';
import { journeyContext, preflightOrAbort } from './lib/k6-client.ts';
import { visitorBrowse } from './lib/journeys.ts';
import { DEFAULT_RATES } from './lib/load-model.ts';
import { arrivalScenario, journeyThresholds } from './lib/scenarios.ts';
import { settings } from './lib/settings.ts';
import { summaryFiles, type SummaryData } from './lib/summary.ts';

export const options: Options = {
  scenarios: {
    visitor_browse: arrivalScenario(
      'visitor_browse',
      'visitor',
      settings.rate(DEFAULT_RATES.visitor_browse),
    ),
  },
  thresholds: journeyThresholds('visitor_browse'),
};

export async function setup(): Promise<void> {
  await preflightOrAbort(['visitor_browse']);
}

export async function visitor(): Promise<void> {
  await visitorBrowse(journeyContext('visitor_browse'));
}

export function handleSummary(data: SummaryData): Record<string, string> {
  return summaryFiles('visitor-browse', settings.summaryDir, data);
}
