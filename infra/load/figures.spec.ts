import { LOAD_TEST_HEADER } from '@upright/bff/testing';
import { companySlug } from '@upright/contracts';
import {
  companySlug as journeyCompanySlug,
  JOURNEY_MIX,
  JOURNEYS,
  LOAD_TEST_HEADER as GENERATOR_LOAD_TEST_HEADER,
} from '../k6/lib/journeys';
import { errorBreakdown, groupFigures, percentile, summarize, type Sample } from './figures';

const sample = (
  ms: number,
  ok = true,
  step = 'home.active',
  journey = 'visitor_browse',
): Sample => ({
  journey,
  step,
  status: ok ? 200 : 503,
  ms,
  ok,
});

describe('load figures', () => {
  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });

  it('summarizes rate, latency and errors', () => {
    const figures = summarize([sample(30), sample(10), sample(20, false)], 2);
    expect(figures).toEqual({
      requests: 3,
      errors: 1,
      rate: 1.5,
      p50: 20,
      p95: 30,
      p99: 30,
      max: 30,
    });
  });

  it('groups by journey and counts errors per step and status', () => {
    const samples = [sample(5), sample(7, false, 'signup.submit', 'signup'), sample(9)];
    expect(groupFigures(samples, 1, (s) => s.journey).map(([key, f]) => [key, f.requests])).toEqual(
      [
        ['visitor_browse', 2],
        ['signup', 1],
      ],
    );
    expect(errorBreakdown(samples)).toEqual({ 'signup.submit 503': 1 });
  });
});

describe('load journeys', () => {
  it('mix every journey, summing to the whole', () => {
    expect(Object.keys(JOURNEY_MIX).sort()).toEqual([...JOURNEYS].sort());
    expect(Object.values(JOURNEY_MIX).reduce((sum, share) => sum + share, 0)).toBeCloseTo(1);
  });

  it("send the load-test token in the header the BFF's load-test mode reads", () => {
    // journeys.ts cannot import the BFF (k6 loads it alone); HTTP header names ignore case.
    expect(GENERATOR_LOAD_TEST_HEADER.toLowerCase()).toBe(LOAD_TEST_HEADER);
  });

  it('build company paths as the contracts do', () => {
    // journeys.ts cannot import the contracts (k6 loads it alone); it must agree with them.
    for (const name of ['Acme Corp', '  Big   Box Stores ', 'AT&T Inc.', 'Ünïcode Co']) {
      expect(journeyCompanySlug(name)).toBe(companySlug(name));
    }
  });
});
