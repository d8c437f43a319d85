import { AVERAGE_FIELDS, type Averages } from '@upright/contracts';
import { testInfra } from '@upright/platform/testing';
import { Client } from 'pg';
import {
  averagesInDatabase,
  Browser,
  signUp,
  startAccountsStack,
  type AccountsStack,
} from './support/accounts-stack';

const DEFAULTS = Object.fromEntries(AVERAGE_FIELDS.map((field) => [field, 5])) as Averages;

/**
 * Issue 12: `GET /api/averages` with one or two weighted members would be their priorities; it
 * answers the defaults until AVERAGES_MIN_MEMBERS count (decision 0020).
 */
describe('averages privacy', () => {
  let stack: AccountsStack;
  let minimum: number;

  beforeAll(async () => {
    // Other files' members are gone by now, but count whoever is weighted to be exact.
    const db = new Client({ connectionString: testInfra().adminUrl() });
    await db.connect();
    const counted = await db.query(
      `SELECT count(*)::int AS n FROM accounts.priorities p JOIN accounts.users u USING (uid)
       WHERE p.weighted AND NOT u.discontinue`,
    );
    await db.end();
    minimum = (counted.rows[0] as { n: number }).n + 2;
    stack = await startAccountsStack('harden-averages', {
      accountsEnv: { AVERAGES_MIN_MEMBERS: String(minimum) },
    });
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
