/**
 * signup-burst.ts with a fractional RATE (a site's sign-up budget is 20 per 10 minutes per
 * address, so a cluster's test often wants less than one sign-up a second): k6 takes whole
 * iterations per time unit, so the ramp is given per minute (decision 0072).
 */
jest.mock('k6/http', () => ({ expectedStatuses: () => ({}) }), { virtual: true });
jest.mock('k6/crypto', () => ({}), { virtual: true });
jest.mock('k6/execution', () => ({ vu: { idInTest: 1 }, test: { abort: jest.fn() } }), {
  virtual: true,
});
jest.mock('k6', () => ({ check: jest.fn(), sleep: jest.fn() }), { virtual: true });
jest.mock('k6/data', () => ({ SharedArray: jest.fn() }), { virtual: true });

interface Stage {
  target: number;
}

function signupScenario(rate: string): { timeUnit: string; stages: Stage[] } {
  Object.assign(globalThis, { __ENV: { RATE: rate } });
  let scenario: { timeUnit: string; stages: Stage[] } | undefined;
  jest.isolateModules(() => {
    const script = jest.requireActual<{
      options: { scenarios: { signup: { timeUnit: string; stages: Stage[] } } };
    }>('../signup-burst.ts');
    scenario = script.options.scenarios.signup;
  });
  return scenario!;
}

const perSecond = (scenario: { timeUnit: string; stages: Stage[] }) =>
  Math.max(...scenario.stages.map((stage) => stage.target)) /
  { '1s': 1, '1m': 60 }[scenario.timeUnit]!;

it.each(['0.5', '0.05', '2'])('ramps to RATE=%s sign-ups a second in whole iterations', (rate) => {
  const scenario = signupScenario(rate);
  for (const stage of scenario.stages) expect(Number.isInteger(stage.target)).toBe(true);
  expect(perSecond(scenario)).toBeCloseTo(Number(rate), 2);
});
