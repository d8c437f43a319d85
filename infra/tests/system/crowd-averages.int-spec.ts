import type { Averages, CrowdAverages } from '@upright/contracts';
import {
  Browser,
  signUp,
  startStackWithMinimumAhead,
  type AccountsStack,
} from './support/accounts-stack';

/**
 * The crowd's weights in the open: `GET /api/averages/history` shows the averages
 * visitors' rankings use, how many members they average (a band of ten, decision 0043) and since
 * when, and their history — nothing until AVERAGES_MIN_MEMBERS are weighted (decision 0020); a
 * publication adds a step and moves the kept answer.
 */
describe("the crowd's weights in the open", () => {
  let stack: AccountsStack;
  let minimum: number;

  beforeAll(async () => {
    ({ stack, minimum } = await startStackWithMinimumAhead('crowd-averages', 2));
  });

  afterAll(async () => {
    await stack?.close();
  });

  const visitor = () => new Browser(stack.bff.url);
  /** The band of ten a count is shown as (decision 0043), from the minimum on. */
  const band = (members: number) => {
    const from = members - (members % 10);
    return { from: Math.max(from, minimum), to: from + 9 };
  };
  const crowd = async () => visitor().call<CrowdAverages>('GET', '/api/averages/history');

  it('is hidden until enough members are weighted, then shows count, date and history', async () => {
    const hidden = await crowd();
    expect(hidden.status).toBe(200);
    expect(hidden.headers.get('cache-control')).toMatch(/^public/);
    expect(hidden.body).toEqual({
      shown: false,
      min_members: minimum,
      min_changes: 1,
      averages: null,
      members: null,
      since: null,
      history: [],
      // The progress towards the minimum; this stack's rule is decision 0055's test one.
      members_needed: 2,
      rule: 'immediate',
      in_force: null,
    });

    const first = await signUp(stack, 'crowd-first');
    await first.browser.call('PUT', '/api/priorities', { climate: 0, tax: 10 });
    // One member short of the minimum: neither their count nor their priorities show.
    expect((await crowd()).body).toMatchObject({
      shown: false,
      members: null,
      history: [],
      members_needed: 1,
    });

    const second = await signUp(stack, 'crowd-second');
    await second.browser.call('PUT', '/api/priorities', { climate: 2, tax: 8 });
    const shown = (await crowd()).body;
    const averages = (await visitor().call<Averages>('GET', '/api/averages')).body;
    expect(shown.shown).toBe(true);
    expect(shown.members).toEqual(band(minimum));
    expect(shown.averages).toEqual(averages);
    expect(shown.members_needed).toBe(0);
    expect(shown.in_force).toEqual({ since: shown.since, averages });
    expect(averages.average_climate).toBe(1);
    expect(Date.now() - Date.parse(shown.since!)).toBeLessThan(60_000);
    expect(shown.history.at(-1)).toEqual({
      published_at: shown.since,
      members: band(minimum),
      averages,
    });
    expect(shown.history.every((step) => step.members.from >= minimum)).toBe(true);

    // A third member's save is a publication (this stack releases every change,
    // AVERAGES_MIN_CHANGES=1): one more step, and the kept answer moved with it.
    const third = await signUp(stack, 'crowd-third');
    await third.browser.call('PUT', '/api/priorities', { climate: 10, tax: 0 });
    const grown = (await crowd()).body;
    expect(grown.history).toHaveLength(shown.history.length + 1);
    expect(grown.members).toEqual(band(minimum + 1));
    expect(Date.parse(grown.since!)).toBeGreaterThan(Date.parse(shown.since!));
    expect(grown.averages).toEqual((await visitor().call<Averages>('GET', '/api/averages')).body);
    expect(grown.history.slice(0, -1)).toEqual(shown.history);

    // Back under the minimum (a member discontinues): hidden again, history and all.
    await third.browser.call('PUT', '/api/discontinue', { password: third.password });
    await second.browser.call('PUT', '/api/discontinue', { password: second.password });
    expect((await crowd()).body).toMatchObject({ shown: false, members: null, history: [] });
  });
});
