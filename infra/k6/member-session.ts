/**
 * A member's visit: sign in → load, change and save priorities → an industry ranked by them.
 * Members come from a pool (MEMBERS_FILE, or MEMBER_EMAIL / MEMBER_PASSWORD for one).
 * k6 run -e BASE_URL=… -e MEMBERS_FILE=members.json -e RATE=1 infra/k6/member-session.ts
 */
import type { Options } from 'k6/options';
import { journeyContext, poolMember, preflightOrAbort } from './lib/k6-client.ts';
import { memberSession } from './lib/journeys.ts';
import { DEFAULT_RATES } from './lib/load-model.ts';
import { arrivalScenario, journeyThresholds } from './lib/scenarios.ts';
import { memberPool, settings } from './lib/settings.ts';
import { summaryFiles, type SummaryData } from './lib/summary.ts';

export const members = memberPool();

export const options: Options = {
  scenarios: {
    member_session: arrivalScenario(
      'member_session',
      'member',
      settings.rate(DEFAULT_RATES.member_session),
    ),
  },
  thresholds: journeyThresholds('member_session'),
};

export async function setup(): Promise<void> {
  await preflightOrAbort(['member_session'], members);
}

export async function member(): Promise<void> {
  await memberSession(journeyContext('member_session', poolMember(members)));
}

export function handleSummary(data: SummaryData): Record<string, string> {
  return summaryFiles('member-session', settings.summaryDir, data);
}
