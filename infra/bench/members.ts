/**
 * Members' personal rankings over HTTP, which could not be measured before sign-in existed:
 * `GET /api/companies/us/{industry}` for the industry with the most companies, a visitor beside
 * a signed-in member, both through the whole stack (BFF → accounts for the session and the
 * member's values → rankings), each beside a bare node:http server answering the same bytes.
 *
 * The suite starts an accounts process on the runner's transport prefix and signs a member up
 * through the BFF as the web app does (a real ALTCHA solve), saves priorities, measures with
 * the bearer token and with the session cookie, then puts the priorities back to all-5 (so the
 * averages no longer count the member) and deletes the member.
 */
import { ISSUES, type IndustryCompaniesResponse } from '@upright/contracts';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { deriveKey, solveChallenge, type Challenge } from '../../bff/src/captcha/altcha';
import { startBaselineServer } from './baseline-server';
import { largestIndustry } from './companies';
import { measure, type LoadFigures, type LoadOptions } from './load';
import type { SuiteContext } from './run';
import { startProcess, stopProcess } from '../local/process-stack';

const ACCOUNTS_PORT = 18081;

interface BenchMember {
  uid: string;
  token: string;
  /** `upright_session=<sealed token>`, as the browser sends it. */
  cookie: string;
}

async function solvedCaptcha(bffUrl: string): Promise<string> {
  const challenge = (await (await fetch(`${bffUrl}/api/captcha`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (solution === null) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Every cookie-less write needs a visitor's CSRF token (cookie and header), as the web app's. */
async function visitorCsrf(bffUrl: string): Promise<Record<string, string>> {
  const { csrfToken } = (await (await fetch(`${bffUrl}/api/csrf`)).json()) as {
    csrfToken: string;
  };
  return { Cookie: `upright_csrf=${csrfToken}`, 'X-CSRF-Token': csrfToken };
}

async function signUp(bffUrl: string, email: string): Promise<BenchMember> {
  const response = await fetch(`${bffUrl}/api/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(await visitorCsrf(bffUrl)) },
    body: JSON.stringify({
      first_name: 'Bench',
      last_name: 'Member',
      email,
      password: `bench passphrase ${randomUUID()}`,
      birth_year: 1990,
      individual: true,
      altcha: await solvedCaptcha(bffUrl),
    }),
  });
  const body = (await response.json()) as { user: { uid: string }; token: string };
  if (response.status !== 201) throw new Error(`sign-up answered ${JSON.stringify(body)}`);
  const session = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('upright_session='));
  if (!session) throw new Error('sign-up set no session cookie');
  return { uid: body.user.uid, token: body.token, cookie: session };
}

/** Bearer requests need no CSRF token. */
async function savePriorities(bffUrl: string, token: string, values: object): Promise<void> {
  const response = await fetch(`${bffUrl}/api/priorities`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(values),
  });
  if (!response.ok) throw new Error(`saving priorities answered ${response.status}`);
}

/** Distinct values 0–10, as a member's would be. */
const memberPriorities = Object.fromEntries(
  ISSUES.map((issue, k) => [issue.clientPriority, (k * 4 + 3) % 11]),
);
const allFive = Object.fromEntries(ISSUES.map((issue) => [issue.clientPriority, 5]));

/** The member's page once, checked to be personal, and the bare server's figure for its bytes. */
async function memberBaseline(
  url: string,
  headers: Record<string, string>,
  load: LoadOptions,
): Promise<{ bytes: number; baseline: LoadFigures }> {
  const response = await fetch(url, { headers });
  const body = await response.text();
  const { result } = JSON.parse(body) as IndustryCompaniesResponse;
  if (!response.ok || result.pranked === null) {
    throw new Error(`the member's page is not personal (status ${response.status})`);
  }
  const server = await startBaselineServer(body);
  try {
    return { bytes: body.length, baseline: await measure(server.url, load) };
  } finally {
    await server.close();
  }
}

const ratio = (a: LoadFigures, b: LoadFigures) => a.requestsPerSecond / b.requestsPerSecond;

export async function benchMembers(context: SuiteContext): Promise<void> {
  const accountsDatabaseUrl = process.env.ACCOUNTS_DATABASE_URL;
  if (!accountsDatabaseUrl) throw new Error('ACCOUNTS_DATABASE_URL must be set');
  const { industry, companies } = await largestIndustry(context.rankingsDatabaseUrl);
  const queuePrefix = `${context.transport.keyPrefix}-queues`;
  const accounts = await startProcess('accounts', 'services/accounts/dist/main.js', ACCOUNTS_PORT, {
    REDIS_URL: context.transport.redisUrl,
    TRANSPORT_PREFIX: context.transport.keyPrefix,
    DATABASE_URL: accountsDatabaseUrl,
    QUEUE_PREFIX: queuePrefix,
  });
  const db = new Client({ connectionString: accountsDatabaseUrl });
  await db.connect();
  const url = `${context.bffUrl}/api/companies/us/${industry}`;
  let member: BenchMember | undefined;
  try {
    member = await signUp(context.bffUrl, `bench-${randomUUID().slice(0, 8)}@example.com`);
    await savePriorities(context.bffUrl, member.token, memberPriorities);

    const visitor = await context.againstBaseline(url);
    const bearer = { Authorization: `Bearer ${member.token}` };
    const personal = await memberBaseline(url, bearer, context.load);
    const byBearer = await measure(url, { ...context.load, headers: bearer });
    const byCookie = await measure(url, { ...context.load, headers: { Cookie: member.cookie } });

    context.printTable(
      `GET /api/companies/us/${industry} (${companies} companies; visitor ${visitor.bytes} bytes, member ${personal.bytes} bytes) — ${context.load.connections} connections, ${context.load.durationSeconds} s each`,
      [
        ['bare node:http, visitor JSON', visitor.baseline],
        ['visitor: BFF → rankings', visitor.stack],
        ['bare node:http, member JSON', personal.baseline],
        ['member (bearer): BFF → acc. → rank.', byBearer],
        ['member (cookie): BFF → acc. → rank.', byCookie],
      ],
    );
    const ratios = {
      memberBearerPerVisitor: ratio(byBearer, visitor.stack),
      memberCookiePerVisitor: ratio(byCookie, visitor.stack),
      visitorPerBare: visitor.throughputRatio,
      memberBearerPerBare: ratio(byBearer, personal.baseline),
      memberCookiePerBare: ratio(byCookie, personal.baseline),
    };
    console.log(
      Object.entries(ratios)
        .map(([name, value]) => `${name} ${value.toFixed(3)}`)
        .join(', '),
    );
    context.save('api-companies-members', {
      industry,
      companies,
      visitor,
      member: { bytes: personal.bytes, baseline: personal.baseline, byBearer, byCookie },
      ratios,
    });
  } finally {
    if (member) {
      await savePriorities(context.bffUrl, member.token, allFive);
      await db.query('DELETE FROM accounts.users WHERE uid = $1', [member.uid]);
    }
    await db.end();
    await stopProcess(accounts);
    const redis = new Redis(context.transport.redisUrl);
    for (const key of await redis.keys(`${queuePrefix}:*`)) await redis.del(key);
    await redis.quit();
  }
}
