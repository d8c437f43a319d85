import {
  ISSUES,
  type IndustryCompaniesResponse,
  type IssueKey,
  type RankedCompany,
} from '@upright/contracts';
import { bumpPublicVersions } from '@upright/platform';
import type { StartedApp } from '@upright/platform/testing';
import { delay, startTestApp, testInfra } from '@upright/platform/testing';
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { bumpDataVersions } from '@upright/rankings/testing';
import { rankingsService } from '@upright/rankings';
import {
  Browser,
  signUp,
  startAccountsStack,
  type AccountsStack,
  type SignedUp,
} from './support/accounts-stack';
import { toolsIndustry } from './support/tools-industry';
import { opsUrl, rawGet } from '@upright/bff/testing';
import { parseVersionMove, type AppliedVersionMove } from '../../load/edge-readings';

jest.setTimeout(60_000);

/**
 * docs/product/rules.md#s11: a change reaches every BFF replica within this, after it is
 * acknowledged.
 */
const PROPAGATION_MS = 1000;

/**
 * The read path of docs/product/rules.md#s11 with two BFF replicas on real Redis and Postgres:
 * public answers kept as bytes and sent with HTTP's caching semantics; data changes, published
 * averages and member changes reach both replicas within a second; neither serves old bytes after
 * that.
 */
describe('the read path with two BFF replicas', () => {
  const infra = testInfra();
  const tag = randomUUID().slice(0, 6);
  const tools = toolsIndustry(tag, [
    { name: `Alder Tools ${tag}`, scores: { climate: 40, lobbying: 10, tax: 3 } },
    { name: `Birch Tools ${tag}`, scores: { climate: 10, lobbying: 50, tax: 2 } },
    { name: `Cedar Tools ${tag}`, scores: { climate: 30, lobbying: 20, tax: 1 } },
  ]);
  const page = `/api/companies/us/${tools.industry}`;

  let stack: AccountsStack;
  let rankings: StartedApp;
  let replicas: [string, string];
  let bffs: [StartedApp, StartedApp];

  beforeAll(async () => {
    // Verified sessions outlive the tests: what ends one must be the announcement, not time.
    stack = await startAccountsStack('read-path', { bffEnv: { SESSION_CACHE_S: '60' } });
    await tools.seed(stack.db);
    rankings = await startTestApp(rankingsService, {
      REDIS_URL: infra.redisUrl,
      TRANSPORT_PREFIX: stack.prefix,
      REQUEST_DEADLINE_MS: '5000',
      DATABASE_URL: infra.databaseUrl('rankings'),
    });
    bffs = [stack.bff, await stack.bffReplica()];
    replicas = [bffs[0].url, bffs[1].url];
  });

  afterAll(async () => {
    await rankings?.app.close();
    if (stack) {
      await tools.remove(stack.db);
      await stack.close();
    }
  });

  const get = (base: string, path: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { headers });

  async function visitorPage(base: string): Promise<IndustryCompaniesResponse> {
    const response = await get(base, page);
    expect(response.status).toBe(200);
    return (await response.json()) as IndustryCompaniesResponse;
  }

  const climateRankOf = (answer: IndustryCompaniesResponse, index: number) =>
    answer.result.ranked.find((company) => company.upright_cid === tools.cid(index))!.climate_rank;

  describe('HTTP semantics of a kept public answer', () => {
    it('answers with a strong ETag, public Cache-Control, Vary, and the same bytes every time', async () => {
      const [first, second, other] = [
        await get(replicas[0], page),
        await get(replicas[0], page),
        await get(replicas[1], page),
      ];
      for (const response of [first, second, other]) {
        expect(response.status).toBe(200);
        expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
        expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
        expect(response.headers.get('vary')).toBe('Accept-Encoding, Cookie, Authorization');
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      }
      const bodies = await Promise.all([first, second, other].map((r) => r.text()));
      expect(new Set(bodies).size).toBe(1);
      expect(new Set([first, second, other].map((r) => r.headers.get('etag'))).size).toBe(1);
    });

    it('answers 304 with no body to If-None-Match, and 200 to another ETag', async () => {
      const etag = (await get(replicas[0], page)).headers.get('etag')!;
      for (const base of replicas) {
        const notModified = await get(base, page, { 'If-None-Match': etag });
        expect(notModified.status).toBe(304);
        expect(await notModified.text()).toBe('');
        expect(notModified.headers.get('etag')).toBe(etag);
        const weak = await get(base, page, { 'If-None-Match': `W/${etag}` });
        expect(weak.status).toBe(304);
        expect((await get(base, page, { 'If-None-Match': '"other"' })).status).toBe(200);
      }
    });

    it('sends brotli or gzip as the client accepts, each decoding to the same JSON', async () => {
      const plain = await (await get(replicas[0], page)).text();
      const br = await get(replicas[0], page, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('etag')).toMatch(/-br"$/);
      const brBytes = Buffer.from(await br.arrayBuffer());
      // fetch decodes a coded body itself; undo nothing twice: compare with what it decoded.
      expect(brBytes.toString()).toBe(plain);
      const raw = await rawGet(`${replicas[1]}${page}`, { 'Accept-Encoding': 'gzip' });
      expect(raw.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(raw.body).toString()).toBe(plain);
      const rawBr = await rawGet(`${replicas[1]}${page}`, {
        'Accept-Encoding': 'br;q=1, gzip;q=0.5',
      });
      expect(brotliDecompressSync(rawBr.body).toString()).toBe(plain);
    });

    it('answers HEAD like GET, without the body', async () => {
      for (const base of replicas) {
        const head = await fetch(`${base}${page}`, { method: 'HEAD' });
        const full = await get(base, page);
        expect(head.status).toBe(200);
        expect(await head.text()).toBe('');
        expect(head.headers.get('etag')).toBe(full.headers.get('etag'));
        expect(head.headers.get('content-length')).toBe(full.headers.get('content-length'));
      }
    });

    it('keeps no error: an unknown industry is 404 every time', async () => {
      for (let i = 0; i < 2; i++) {
        const response = await get(replicas[0], `/api/companies/us/zz-${tag}-nothing`);
        expect(response.status).toBe(404);
        expect(response.headers.get('cache-control')).toBe('private, no-store');
      }
    });
  });

  it('serves a data change on both replicas within a second, and never the old bytes after', async () => {
    const before = await Promise.all(replicas.map(visitorPage));
    for (const answer of before) expect(climateRankOf(answer, 0)).toBe(3);
    // What `make import` does: commit, then move the versions.
    await stack.db.query(
      `UPDATE rankings.company_scores SET climate_score = 1
       WHERE upright_cid = $1 AND period_year = 2026 AND period_qrt = 1`,
      [tools.cid(0)],
    );
    // Committed but not announced: every replica still serves what it keeps.
    for (const base of replicas) expect(climateRankOf(await visitorPage(base), 0)).toBe(3);
    await bumpDataVersions(stack.redis, stack.prefix, [tools.industry]);
    const announced = Date.now();
    await bumpPublicVersions(stack.redis, stack.prefix, ['data']);
    await delay(PROPAGATION_MS);
    for (let round = 0; round < 3; round++) {
      for (const base of replicas) expect(climateRankOf(await visitorPage(base), 0)).toBe(1);
    }
    // Each replica's own account of it, as its alert reads it: this move, applied within the second.
    for (const bff of bffs) {
      const move = await lastMoveOf(bff);
      expect(move.appliedAtMs).toBeGreaterThanOrEqual(announced);
      expect(move.lagSeconds).toBeGreaterThanOrEqual(0);
      expect(move.lagSeconds).toBeLessThanOrEqual(PROPAGATION_MS / 1000);
    }
  });

  /** The replica's last version move, from its operations port's metrics (as the crowd reads it). */
  async function lastMoveOf(bff: StartedApp): Promise<AppliedVersionMove> {
    const move = parseVersionMove(await (await fetch(`${opsUrl(bff.app)}/metrics`)).text());
    if (move === undefined) throw new Error(`${bff.url} gives no account of a version move`);
    return move;
  }

  it('serves the averages members publish on both replicas within a second', async () => {
    const member = await signUp(stack, 'averages');
    // The only weighted member: the averages are their values. Cedar is best on tax, Alder on
    // lobbying.
    for (const [issue, leader] of [
      ['tax', tools.cid(2)],
      ['lobbying', tools.cid(0)],
    ] as const) {
      await savePriorities(member, allOn(issue));
      await delay(PROPAGATION_MS);
      for (const base of replicas) expect((await visitorPage(base)).result.aranked[0]).toBe(leader);
    }
  });

  describe('members', () => {
    let member: SignedUp;
    /** The member's browser on each replica (the same cookies). */
    let browsers: [Browser, Browser];

    const personalOrder = async (browser: Browser) => {
      const answer = await browser.call<IndustryCompaniesResponse>('GET', page);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      return answer.body.result.pranked;
    };

    beforeEach(async () => {
      member = await signUp(stack, `member-${randomUUID().slice(0, 4)}`);
      await savePriorities(member, allOn('climate'));
      const other = new Browser(replicas[1]);
      for (const [name, value] of member.browser.cookies) other.cookies.set(name, value);
      browsers = [member.browser, other];
      // Both replicas verify the session now and keep it (SESSION_CACHE_S is long here).
      for (const browser of browsers) expect(await personalOrder(browser)).not.toBeNull();
    });

    it('gets their personal ranking, the same from both replicas and for each of their ranks', async () => {
      const orders = await Promise.all(browsers.map(personalOrder));
      expect(orders[0]).toEqual(orders[1]);
      const answer = await browsers[1].call<IndustryCompaniesResponse>('GET', page);
      const ranked = answer.body.result.ranked;
      const prankOf = (cid: string) =>
        ranked.find((c: RankedCompany) => c.upright_cid === cid)!.prank;
      expect(orders[0]!.map(prankOf)).toEqual([...orders[0]!.map(prankOf)].sort());
    });

    it('is re-ranked on the other replica within a second of saving priorities', async () => {
      const climateFirst = await personalOrder(browsers[1]);
      await savePriorities(member, allOn('lobbying'));
      await delay(PROPAGATION_MS);
      const lobbyingFirst = await personalOrder(browsers[1]);
      expect(lobbyingFirst).not.toEqual(climateFirst);
      expect(lobbyingFirst![0]).toBe(tools.cid(0));
    });

    it('is signed out on every replica within a second of signing out on one', async () => {
      const signout = await browsers[0].call('POST', '/api/signout');
      expect(signout.status).toBeLessThan(300);
      await delay(PROPAGATION_MS);
      // The other replica had the session verified; the announcement made it forget it.
      const stale = new Browser(replicas[1]);
      stale.cookies.set('upright_session', browsers[1].cookies.get('upright_session')!);
      expect((await stale.call('GET', '/api/user')).status).toBe(401);
      expect(
        (await new Browser(replicas[1]).call('GET', page, undefined, { bearer: member.token }))
          .body,
      ).toMatchObject({ result: { pranked: null } });
    });

    it("ends the member's other sessions on every replica when the password changes", async () => {
      // A second session of the member, used on the other replica by its bearer token.
      const reader = await new Browser(replicas[1]).open();
      const signin = await reader.call<{ token: string }>('POST', '/api/signin', {
        email: member.email,
        password: member.password,
      });
      expect(signin.status).toBe(200);
      const bearer = signin.body.token;
      const answer = await reader.call<IndustryCompaniesResponse>('GET', page, undefined, {
        bearer,
      });
      expect(answer.body.result.pranked).not.toBeNull();
      const changed = await browsers[0].call('PUT', '/api/settings', {
        current_password: member.password,
        new_password: `another long passphrase ${tag}`,
      });
      expect(changed.status).toBe(200);
      await delay(PROPAGATION_MS);
      const after = await reader.call<IndustryCompaniesResponse>('GET', page, undefined, {
        bearer,
      });
      expect(after.body.result.pranked).toBeNull();
      expect((await reader.call('GET', '/api/user', undefined, { bearer })).status).toBe(401);
    });
  });

  /** Client priority values putting all weight on one issue. */
  function allOn(issue: IssueKey): Record<string, number> {
    return Object.fromEntries(
      ISSUES.map((entry) => [entry.clientPriority, entry.key === issue ? 10 : 0]),
    );
  }

  async function savePriorities(member: SignedUp, values: Record<string, number>): Promise<void> {
    const answer = await member.browser.call('PUT', '/api/priorities', values);
    expect(answer.status).toBe(200);
  }
});
