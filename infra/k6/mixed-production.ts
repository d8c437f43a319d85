/**
 * The production mix: every journey at once, in the proportions of a normal day
 * (70 % browsing, 20 % searching, 8 % members, 2 % sign-ups) of a total RATE (iterations/s).
 * k6 run -e BASE_URL=… -e MEMBER_EMAIL=… -e MEMBER_PASSWORD=… -e RATE=20 -e DURATION=15m infra/k6/mixed-production.ts
 */
import type { Options } from 'k6/options';
import { JOURNEY_MIX, type JourneyName } from './lib/journeys.ts';
import { arrivalScenario, journeyThresholds } from './lib/scenarios.ts';
import { settings } from './lib/settings.ts';

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

const total = settings.rate(10);
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
