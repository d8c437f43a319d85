import { AVERAGE_FIELDS, type Averages } from '@upright/contracts';
import {
  averagesInDatabase,
  Browser,
  signUp,
  startStackWithMinimumAhead,
  type AccountsStack,
} from './support/accounts-stack';

const DEFAULTS = Object.fromEntries(AVERAGE_FIELDS.map((field) => [field, 5])) as Averages;

/**
 * `GET /api/averages` with one or two weighted members would be their priorities; it
 * answers the defaults until AVERAGES_MIN_MEMBERS count (decision 0020).
 */
describe('averages privacy', () => {
  let stack: AccountsStack;

  beforeAll(async () => {
    ({ stack } = await startStackWithMinimumAhead('harden-averages', 2));
  });

  afterAll(async () => {
    await stack?.close();
  });

  const averages = async () =>
    (await new Browser(stack.bff.url).call<Averages>('GET', '/api/averages')).body;

  it('answers the defaults until enough members are weighted, then the real averages', async () => {
    const first = await signUp(stack, 'first-weighted');
    expect(
      (await first.browser.call('PUT', '/api/priorities', { climate: 0, tax: 10 })).status,
    ).toBe(200);
    // One member short of the minimum: their priorities must not show through.
    expect(await averages()).toEqual(DEFAULTS);

    const second = await signUp(stack, 'second-weighted');
    await second.browser.call('PUT', '/api/priorities', { climate: 0, tax: 10 });
    const real = await averages();
    expect(real).not.toEqual(DEFAULTS);
    expect(real).toEqual(await averagesInDatabase(stack));
  });
});
