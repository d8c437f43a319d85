/**
 * A member's visit: sign in → load, change and save priorities → an industry ranked by them.
 * k6 run -e BASE_URL=… -e MEMBER_EMAIL=… -e MEMBER_PASSWORD=… -e RATE=1 infra/k6/member-session.ts
 */
import type { Options } from 'k6/options';
import { journeyContext } from './lib/k6-client.ts';
import { memberSession } from './lib/journeys.ts';
import { arrivalScenario, journeyThresholds } from './lib/scenarios.ts';
import { settings } from './lib/settings.ts';

export const options: Options = {
  scenarios: { member_session: arrivalScenario('member_session', 'member', settings.rate(1)) },
  thresholds: journeyThresholds('member_session'),
};

export async function member(): Promise<void> {
  await memberSession(journeyContext('member_session', settings.member()));
}
