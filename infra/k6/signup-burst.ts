/**
 * A burst of sign-ups (a campaign link going round): captcha fetched and solved by proof of
 * work (k6/crypto SHA-256, lib/altcha.ts), then the form. The rate ramps up and back down.
 * k6 run -e BASE_URL=https://upright.example.com -e RATE=2 infra/k6/signup-burst.ts
 */
import type { Options } from 'k6/options';
import { journeyContext, preflightOrAbort } from './lib/k6-client.ts';
import { signUp } from './lib/journeys.ts';
import { DEFAULT_RATES } from './lib/load-model.ts';
import { journeyThresholds, perMinute, vuAllocation } from './lib/scenarios.ts';
import { settings } from './lib/settings.ts';
import { summaryFiles, type SummaryData } from './lib/summary.ts';

const peak = settings.rate(DEFAULT_RATES.signup);

export const options: Options = {
  scenarios: {
    signup: {
      executor: 'ramping-arrival-rate',
      exec: 'signup',
      startRate: 0,
      // Per minute: a fractional RATE (0.5/s) is a whole number of iterations there.
      timeUnit: '1m',
      // Sized for the peak: each iteration also spends seconds solving the captcha.
      ...vuAllocation('signup', peak),
      stages: [
        { target: perMinute(peak), duration: '30s' },
        { target: perMinute(peak), duration: settings.duration },
        { target: 0, duration: '30s' },
      ],
      tags: { journey: 'signup' },
    },
  },
  thresholds: journeyThresholds('signup'),
};

export async function setup(): Promise<void> {
  await preflightOrAbort(['signup']);
}

export async function signup(): Promise<void> {
  await signUp(journeyContext('signup'));
}

export function handleSummary(data: SummaryData): Record<string, string> {
  return summaryFiles('signup-burst', settings.summaryDir, data);
}
