/**
 * The k6 scripts at their default rates: every scenario pre-allocates the VUs its journey needs
 * (rate × the longest iteration: think times at their slowest, every request at its p95 budget,
 * the captcha's proof of work), measured here by running the journeys themselves; every journey
 * emits checks and fails, not shortens, on missing data; the summary files and `make load`'s
 * thresholds say what k6 says.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  JOURNEY_FUNCTIONS,
  JOURNEYS,
  JourneyFailure,
  LIMIT_PROBE_REQUESTS,
  preflight,
  rateLimitSignal,
  type Answer,
  type Client,
  type JourneyContext,
  type JourneyName,
} from '../lib/journeys';
import {
  BUDGETS,
  DEFAULT_RATES,
  JOURNEY_SHAPE,
  THINK_JITTER,
  jitteredThink,
  vusFor,
} from '../lib/load-model';
import { junitReport, summaryFiles, type SummaryData } from '../lib/summary';
import { evaluateThresholds } from '../../load/thresholds';

// The k6 runtime's modules and globals, enough for the scripts' init code (their options).
jest.mock('k6/http', () => ({ expectedStatuses: () => ({}) }), { virtual: true });
jest.mock('k6/crypto', () => ({}), { virtual: true });
jest.mock('k6/execution', () => ({ vu: { idInTest: 1 }, test: { abort: jest.fn() } }), {
  virtual: true,
});
jest.mock('k6', () => ({ check: jest.fn(), sleep: jest.fn() }), { virtual: true });
jest.mock(
  'k6/data',
  () => ({
    SharedArray: function SharedArray(_name: string, load: () => unknown[]) {
      return load();
    },
  }),
  { virtual: true },
);
Object.assign(globalThis, {
  __ENV: { MEMBER_EMAIL: 'member@example.test', MEMBER_PASSWORD: 'member-password' },
});

// Modules that read __ENV when loaded, required once it is set (and, as they import with the
// `.ts` extension k6 needs, typed here rather than type-checked by the tests' compiler).
const { journeyThresholds } = jest.requireActual<{
  journeyThresholds(journey: JourneyName): Record<string, string[]>;
}>('../lib/scenarios.ts');
const { fromWorkingDirectory } = jest.requireActual<{
  fromWorkingDirectory(file: string, workingDirectory: string | undefined): string;
}>('../lib/settings.ts');

/** Seconds the proof of work of one captcha may take in k6's JavaScript runtime. */
const CAPTCHA_SOLVE_SECONDS = 3;

interface Scenario {
  executor: string;
  rate?: number;
  timeUnit?: string;
  stages?: Array<{ target: number }>;
  preAllocatedVUs: number;
  maxVUs: number;
  tags: { journey: JourneyName };
}

const SCRIPTS = [
  'visitor-browse',
  'search-as-you-type',
  'member-session',
  'signup-burst',
  'mixed-production',
];

function scenariosOf(script: string): Record<string, Scenario> {
  const module = jest.requireActual<{ options: { scenarios: Record<string, Scenario> } }>(
    `../${script}.ts`,
  );
  return module.options.scenarios;
}

/** Iterations per second a scenario starts at its peak. */
function peakRate(scenario: Scenario): number {
  const perUnit =
    scenario.executor === 'constant-arrival-rate'
      ? scenario.rate!
      : Math.max(...scenario.stages!.map((stage) => stage.target));
  const unitSeconds = { '1s': 1, '1m': 60 }[scenario.timeUnit ?? '1s']!;
  return perUnit / unitSeconds;
}

/** A healthy site with data, answering every route the journeys call. */
function healthyAnswer(method: string, path: string): Answer {
  const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });
  if (path === '/api/active') return json(200, [{ industry: 'Banks' }]);
  if (path.startsWith('/api/reports/latest'))
    return json(200, {
      items: [{ report_id: 1, published_date: '2026-01-01', slug: 'banks', industry: 'Banks' }],
    });
  if (path.startsWith('/api/companies/us/'))
    return json(200, { result: { ranked: [{ company_name: 'Acme Corporation' }], pranked: [] } });
  if (path === '/api/priorities' && method === 'GET')
    return json(200, { values: { climate: 5, wages: 5, safety: 5 } });
  if (path === '/api/captcha') return json(200, { parameters: {} });
  if (path === '/api/signup') return json(201, {});
  return json(200, {});
}

interface Run {
  thinkSeconds: number;
  requests: number;
  captchas: number;
  checks: Array<{ step: string; passed: boolean }>;
  error?: unknown;
}

async function runJourney(
  journey: JourneyName,
  answer: (method: string, path: string) => Answer = healthyAnswer,
): Promise<Run> {
  const run: Run = { thinkSeconds: 0, requests: 0, captchas: 0, checks: [] };
  const client: Client = {
    async request(method, path) {
      run.requests += 1;
      return answer(method, path);
    },
    cookie: () => undefined,
    async think(seconds) {
      run.thinkSeconds += seconds;
    },
    verify(step, passed) {
      run.checks.push({ step, passed });
    },
  };
  const context: JourneyContext = {
    client,
    random: () => 0.99,
    solveCaptcha: () => {
      run.captchas += 1;
      return 'solved';
    },
    uniqueId: () => 'id',
    member: { email: 'member@example.test', password: 'member-password' },
    memo: {},
  };
  try {
    await JOURNEY_FUNCTIONS[journey](context);
  } catch (error) {
    run.error = error;
  }
  return run;
}

/** Seconds of the longest iteration of a journey, from what it actually does. */
function longestIteration(journey: JourneyName, run: Run): number {
  return (
    run.thinkSeconds * (1 + THINK_JITTER) +
    (run.requests * BUDGETS[journey].p95Ms) / 1000 +
    run.captchas * CAPTCHA_SOLVE_SECONDS
  );
}

describe('k6 scenarios at their default rates', () => {
  const cases = SCRIPTS.flatMap((script) =>
    Object.entries(scenariosOf(script)).map(([name, scenario]) => ({ script, name, scenario })),
  );

  it('cover every journey, in its own script and in the mix', () => {
    expect(new Set(cases.map(({ scenario }) => scenario.tags.journey))).toEqual(new Set(JOURNEYS));
    expect(cases).toHaveLength(JOURNEYS.length * 2);
  });

  it.each(cases.map(({ script, name, scenario }) => [`${script}/${name}`, scenario]))(
    '%s pre-allocates the VUs rate × iteration time needs',
    async (_label, scenario) => {
      const journey = scenario.tags.journey;
      const run = await runJourney(journey);
      expect(run.error).toBeUndefined();
      const needed = Math.ceil(peakRate(scenario) * longestIteration(journey, run));
      expect(scenario.preAllocatedVUs).toBeGreaterThanOrEqual(needed);
      expect(scenario.maxVUs).toBeGreaterThanOrEqual(scenario.preAllocatedVUs);
    },
  );

  it("are the VUs infra/k6/README.md gives for each journey's own script", () => {
    const readme = readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
    const paragraph = readme.slice(readme.indexOf('**VUs are sized from rate × iteration time**'));
    for (const journey of JOURNEYS) {
      const stated = paragraph.match(
        new RegExp(`(\\d+)\\s+(?:VUs\\s+)?for\\s+\`${journey}\``),
      )?.[1];
      expect([journey, Number(stated)]).toEqual([
        journey,
        vusFor(journey, DEFAULT_RATES[journey], 1),
      ]);
    }
  });

  it('gives the visitor journey the VUs its think time needs (more than the 25 it had)', async () => {
    const visitor = scenariosOf('visitor-browse').visitor_browse;
    const run = await runJourney('visitor_browse');
    expect(peakRate(visitor)).toBe(DEFAULT_RATES.visitor_browse);
    expect(run.thinkSeconds).toBeGreaterThanOrEqual(11);
    expect(visitor.preAllocatedVUs).toBeGreaterThan(55);
  });

  it.each([...JOURNEYS])(
    '%s does no more than the shape load-model.ts sizes it by',
    async (journey) => {
      const run = await runJourney(journey);
      const shape = JOURNEY_SHAPE[journey];
      expect(run.thinkSeconds).toBeLessThanOrEqual(shape.thinkSeconds);
      expect(run.requests).toBeLessThanOrEqual(shape.requests);
      expect(run.captchas * CAPTCHA_SOLVE_SECONDS).toBeLessThanOrEqual(shape.clientSeconds);
    },
  );
});

describe('the preflight', () => {
  const ADVICE = 'turn on load-test mode';

  /** Runs the preflight against `answer`; returns its problems and the paths it asked for. */
  async function runPreflight(
    answer: (method: string, path: string, step: string) => Answer,
    journeys: JourneyName[] = ['visitor_browse'],
  ) {
    const asked: string[] = [];
    const client: Client = {
      async request(method, path, options) {
        asked.push(options.step);
        return answer(method, path, options.step);
      },
      cookie: () => undefined,
      think: async () => undefined,
      verify: () => undefined,
    };
    const context: JourneyContext = {
      client,
      random: () => 0.5,
      solveCaptcha: () => 'solved',
      uniqueId: () => 'id',
      member: { email: 'member@example.test', password: 'member-password' },
      memo: {},
    };
    return { problems: await preflight(context, journeys, ADVICE), asked };
  }

  it('passes a generator the site does not count, after one more captcha than the default budget', async () => {
    const { problems, asked } = await runPreflight((method, path) => healthyAnswer(method, path));
    expect(problems).toEqual([]);
    expect(asked.filter((step) => step === 'preflight.limits')).toHaveLength(LIMIT_PROBE_REQUESTS);
    expect(LIMIT_PROBE_REQUESTS).toBeGreaterThan(30); // RATE_LIMIT_CAPTCHA's default, 30/60
  });

  it('stops, first and with the advice, when a per-address budget refuses the generator', async () => {
    let captchas = 0;
    const { problems, asked } = await runPreflight(
      (method, path) => {
        if (path === '/api/captcha' && ++captchas > 30)
          return { status: 429, body: '{}', headers: { 'retry-after': '15' } };
        return healthyAnswer(method, path);
      },
      ['visitor_browse', 'signup'],
    );
    expect(problems).toEqual([
      `a rate limiter counts this load generator (preflight.limits: 429, Retry-After 15 s): ${ADVICE}`,
    ]);
    // It stops asking at the first refusal.
    expect(asked.filter((step) => step === 'preflight.limits')).toHaveLength(30);
  });

  it('names the limiter before what it broke (a refused sign-in)', async () => {
    const { problems } = await runPreflight(
      (method, path) =>
        path === '/api/signin' ? { status: 429, body: '{}' } : healthyAnswer(method, path),
      ['member_session'],
    );
    expect(problems).toEqual([
      `a rate limiter counts this load generator (preflight.signin: 429): ${ADVICE}`,
      expect.stringContaining('member member@example.test cannot sign in'),
    ]);
  });

  it.each([
    [{ status: 200, body: '' }, undefined],
    [{ status: 503, body: '' }, undefined],
    [{ status: 429, body: '' }, '429'],
    [{ status: 429, body: '', headers: { 'retry-after': '42' } }, '429, Retry-After 42 s'],
    [{ status: 200, body: '', headers: { 'ratelimit-remaining': '0' } }, 'ratelimit-remaining: 0'],
    [
      { status: 200, body: '', headers: { 'x-ratelimit-remaining': '0' } },
      'x-ratelimit-remaining: 0',
    ],
    [{ status: 200, body: '', headers: { 'x-ratelimit-remaining': '12' } }, undefined],
  ])('reads %j as %s', (answer: Answer, signal) => {
    expect(rateLimitSignal(answer)).toBe(signal);
  });
});

describe('MEMBERS_FILE', () => {
  it('is read from the working directory k6 was started in, or as given when absolute', () => {
    expect(fromWorkingDirectory('members.json', '/home/tester/run')).toBe(
      '/home/tester/run/members.json',
    );
    expect(fromWorkingDirectory('./data/members.json', '/home/tester/run/')).toBe(
      '/home/tester/run/data/members.json',
    );
    expect(fromWorkingDirectory('/srv/members.json', '/home/tester/run')).toBe('/srv/members.json');
    expect(fromWorkingDirectory('C:\\k6\\members.json', undefined)).toBe('C:\\k6\\members.json');
    expect(() => fromWorkingDirectory('members.json', undefined)).toThrow(
      'MEMBERS_FILE "members.json" is relative and the working directory is unknown',
    );
  });
});

describe('the journeys', () => {
  it.each([...JOURNEYS])('%s emits checks, all passing on a healthy site', async (journey) => {
    const run = await runJourney(journey);
    expect(run.error).toBeUndefined();
    expect(run.checks.length).toBeGreaterThan(0);
    expect(run.checks.filter((check) => !check.passed)).toEqual([]);
  });

  it.each(['visitor_browse', 'search_as_you_type', 'member_session'] as const)(
    '%s fails (a failed check and a failed iteration) when the site lists no industry',
    async (journey) => {
      const run = await runJourney(journey, (method, path) =>
        path === '/api/active' ? { status: 200, body: '[]' } : healthyAnswer(method, path),
      );
      expect(run.error).toBeInstanceOf(JourneyFailure);
      expect(run.checks).toContainEqual(expect.objectContaining({ passed: false }));
    },
  );

  it('visitor_browse fails when an industry ranks no company', async () => {
    const run = await runJourney('visitor_browse', (method, path) =>
      path.startsWith('/api/companies/us/')
        ? { status: 200, body: JSON.stringify({ result: { ranked: [], pranked: null } }) }
        : healthyAnswer(method, path),
    );
    expect(run.error).toBeInstanceOf(JourneyFailure);
    expect((run.error as Error).message).toContain('industry.companies');
  });

  it('member_session fails when the member cannot sign in', async () => {
    const run = await runJourney('member_session', (method, path) =>
      path === '/api/signin' ? { status: 401, body: '{}' } : healthyAnswer(method, path),
    );
    expect(run.error).toBeInstanceOf(JourneyFailure);
    // The CSRF token first (GET /api/csrf), then the refused sign-in; nothing after it.
    expect(run.requests).toBe(2);
  });

  it('signup fails when the form is refused', async () => {
    const run = await runJourney('signup', (method, path) =>
      path === '/api/signup' ? { status: 429, body: '{}' } : healthyAnswer(method, path),
    );
    expect(run.error).toBeInstanceOf(JourneyFailure);
    expect(run.checks).toContainEqual({ step: 'signup.submit', passed: false });
  });

  it('varies think times by ±THINK_JITTER around the nominal seconds', () => {
    expect(jitteredThink(4, () => 0)).toBeCloseTo(4 * (1 - THINK_JITTER));
    expect(jitteredThink(4, () => 0.5)).toBeCloseTo(4);
    expect(jitteredThink(4, () => 1)).toBeCloseTo(4 * (1 + THINK_JITTER));
  });
});

describe('handleSummary', () => {
  const data: SummaryData = {
    state: { testRunDurationMs: 120_000 },
    metrics: {
      'http_req_duration{journey:visitor_browse}': {
        values: { 'p(95)': 612.5, 'p(99)': 900 },
        thresholds: { 'p(95)<500': { ok: false }, 'p(99)<1200': { ok: true } },
      },
      'checks{journey:visitor_browse}': {
        values: { rate: 1 },
        thresholds: { 'rate>0.99': { ok: true } },
      },
      http_reqs: { values: { count: 100 } },
    },
  };

  it('writes one JUnit test case per threshold, failed when crossed', () => {
    const xml = junitReport('visitor-browse', data);
    expect(xml).toContain('<testsuites tests="3" failures="1" time="120.000">');
    expect(xml).toContain(
      'name="http_req_duration{journey:visitor_browse} p(95)&lt;500">\n      <failure message="threshold crossed: p(95)=612.500 p(99)=900">',
    );
    expect(xml.match(/<testcase /g)).toHaveLength(3);
  });

  it('writes the JSON summary and JUnit into SUMMARY_DIR and a short text to stdout', () => {
    const files = summaryFiles('visitor-browse', 'results', data);
    expect(Object.keys(files).sort()).toEqual([
      'results/visitor-browse.json',
      'results/visitor-browse.junit.xml',
      'stdout',
    ]);
    expect(JSON.parse(files['results/visitor-browse.json'])).toEqual(data);
    expect(files.stdout).toContain('1 threshold(s) crossed');
    expect(files.stdout).toContain('✗ http_req_duration{journey:visitor_browse} p(95)<500');
  });
});

describe('make load reports the k6 thresholds', () => {
  const figures = { requests: 200, errors: 0, rate: 10, p50: 40, p95: 120, p99: 300, max: 400 };

  it('names them as the k6 scripts declare them, latency over the expected answers only', () => {
    const declared = Object.entries(journeyThresholds('search_as_you_type')).flatMap(
      ([metric, expressions]) => expressions.map((expression) => `${metric} ${expression}`),
    );
    const outcomes = evaluateThresholds('search_as_you_type', {
      figures,
      expected: figures,
      checks: 100,
      failedChecks: 0,
      dropped: 0,
    });
    expect(outcomes.map((outcome) => outcome.name)).toEqual(declared);
    expect(declared[0]).toBe(
      'http_req_duration{journey:search_as_you_type,expected_response:true} p(95)<300',
    );
  });

  it('does not let slow failures count as latency (they are failed requests)', () => {
    const outcomes = evaluateThresholds('search_as_you_type', {
      figures: { ...figures, errors: 1, p95: 30_000, p99: 30_000 },
      expected: figures,
      checks: 100,
      failedChecks: 0,
      dropped: 0,
    });
    expect(outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.name)).toEqual([]);
  });

  it('passes a journey within its budgets, with checks, and no drops', () => {
    const outcomes = evaluateThresholds('search_as_you_type', {
      figures,
      expected: figures,
      checks: 100,
      failedChecks: 0,
      dropped: 0,
    });
    expect(outcomes.map((outcome) => outcome.name)).toEqual([
      'http_req_duration{journey:search_as_you_type,expected_response:true} p(95)<300',
      'http_req_duration{journey:search_as_you_type,expected_response:true} p(99)<800',
      'http_req_failed{journey:search_as_you_type} rate<0.01',
      'checks{journey:search_as_you_type} rate>0.99',
      'dropped_iterations{scenario:search_as_you_type} count<1',
    ]);
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
  });

  it.each([
    ['a slow p95', { expected: { ...figures, p95: 350 } }, 'p(95)<300'],
    ['errors', { figures: { ...figures, errors: 3 } }, 'http_req_failed'],
    ['failed checks', { failedChecks: 2 }, 'checks'],
    ['no checks at all', { checks: 0 }, 'checks'],
    ['a dropped iteration', { dropped: 1 }, 'dropped_iterations'],
  ])('fails on %s', (_what, change, crossed) => {
    const outcomes = evaluateThresholds('search_as_you_type', {
      figures,
      expected: figures,
      checks: 100,
      failedChecks: 0,
      dropped: 0,
      ...change,
    });
    expect(outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.name)).toEqual([
      expect.stringContaining(crossed),
    ]);
  });
});
