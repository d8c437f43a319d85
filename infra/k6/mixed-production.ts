/**
 * The production mix: every journey at once, in the proportions of a normal day
 * (70 % browsing, 20 % searching, 8 % members, 2 % sign-ups) of a total RATE (iterations/s).
 * k6 run -e BASE_URL=… -e MEMBERS_FILE=members.json -e RATE=20 -e DURATION=15m infra/k6/mixed-production.ts
 */
import type { Options } from 'k6/options';
import { preflightOrAbort } from './lib/k6-client.ts';
import { JOURNEY_MIX, type JourneyName } from './lib/journeys.ts';
import { DEFAULT_MIX_RATE } from './lib/load-model.ts';
import { arrivalScenario, journeyThresholds } from './lib/scenarios.ts';
import { settings } from './lib/settings.ts';
import { members } from './member-session.ts';
import { summaryFiles, type SummaryData } from './lib/summary.ts';

export { visitor } from './visitor-browse.ts';
export { search } from './search-as-you-type.ts';
export { member } from './member-session.ts';
export { signup } from './signup-burst.ts';

/** The exported function each journey's scenario runs. */
const EXEC: Record<JourneyName, string> = {
  visitor_browse: 'visitor',
  search_as_you_type: 'search',
  member_session: 'member',
  signup: 'signup',
};

const total = settings.rate(DEFAULT_MIX_RATE);
const journeys = Object.keys(JOURNEY_MIX) as JourneyName[];

export const options: Options = {
  scenarios: Object.fromEntries(
    journeys.map((journey) => [
      journey,
      arrivalScenario(journey, EXEC[journey], total * JOURNEY_MIX[journey]),
    ]),
  ),
  thresholds: Object.assign({}, ...journeys.map(journeyThresholds)),
};

export async function setup(): Promise<void> {
  await preflightOrAbort(journeys, members);
}

export function handleSummary(data: SummaryData): Record<string, string> {
  return summaryFiles('mixed-production', settings.summaryDir, data);
}
