/**
 * Members' personal rankings over HTTP (docs/product/rules.md#s11: a signed-in member's page ≥ 0.5×
 * a visitor's): `GET /api/companies/us/{industry}` for the industry with the most companies, a
 * visitor beside a signed-in member through the whole stack, each beside a bare node:http server
 * sending the same answer.
 *
 * The suite starts an accounts process on the runner's transport prefix and signs a member up
 * through the BFF as the web app does (a real ALTCHA solve), saves priorities, measures with
 * the bearer token and with the session cookie, then puts the priorities back to all-5 (so the
 * averages no longer count the member) and deletes the member.
 */
import { ISSUES, type IndustryCompaniesResponse } from '@upright/contracts';
import Redis from 'ioredis';
import { createHash, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { altchaPayload, type AltchaChallenge } from '../k6/lib/altcha';
import { largestIndustry, type SuiteContext } from './suite';

interface BenchMember {
  uid: string;
  token: string;
  /** `upright_session=<sealed token>`, as the browser sends it. */
  cookie: string;
}

/** A real ALTCHA solve with the load tests' solver (checked in infra/k6/test/altcha-solver.spec.ts). */
async function solvedCaptcha(bffUrl: string): Promise<string> {
  const challenge = (await (await fetch(`${bffUrl}/api/captcha`)).json()) as AltchaChallenge;
  return altchaPayload(challenge, (data) => createHash('sha256').update(data).digest());
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
      birth_month: 7,
      birth_day: 14,
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

export async function benchMembers(context: SuiteContext): Promise<void> {
  const accountsDatabaseUrl = context.env('ACCOUNTS_DATABASE_URL');
  const { industry, companies } = await largestIndustry(context.env('RANKINGS_DATABASE_URL'));
  const queuePrefix = `${context.transport.keyPrefix}-queues`;
  await context.start('accounts', {
    DATABASE_URL: accountsDatabaseUrl,
    QUEUE_PREFIX: queuePrefix,
  });
  const db = new Client({ connectionString: accountsDatabaseUrl });
  await db.connect();
  const path = `/api/companies/us/${industry}`;
  let member: BenchMember | undefined;
  try {
    member = await signUp(context.bffUrl, `bench-${randomUUID().slice(0, 8)}@example.com`);
    await savePriorities(context.bffUrl, member.token, memberPriorities);
    const bearer = { Authorization: `Bearer ${member.token}` };
    const cookie = { Cookie: member.cookie };
    const answer = await context.record(`${context.bffUrl}${path}`, { headers: bearer });
    const { result } = JSON.parse(answer.body.toString()) as IndustryCompaniesResponse;
    if (answer.status !== 200 || result.pranked === null) {
      throw new Error(`the member's page is not personal (status ${answer.status})`);
    }
    const visitor = await context.compare(
      `visitor ${path}`,
      await context.record(`${context.bffUrl}${path}`),
      { path },
    );
    const byBearer = await context.compare(`member (bearer) ${path}`, answer, {
      path,
      headers: bearer,
    });
    const byCookie = await context.measure({
      url: `${context.bffUrl}${path}`,
      connections: context.connections,
      seconds: context.seconds,
      headers: cookie,
    });
    context.print(
      `${path} (${companies} companies; visitor ${visitor.bytes} bytes, member ${byBearer.bytes} bytes) — ${context.connections} connections, ${context.seconds} s each`,
      [
        ['bare node:http, visitor answer', visitor.bare],
        ['visitor through the stack', visitor.stack],
        ['bare node:http, member answer', byBearer.bare],
        ['member by bearer through the stack', byBearer.stack],
        ['member by cookie through the stack', byCookie],
      ],
    );
    const ratios = {
      memberBearerPerVisitor: byBearer.stack.requestsPerSecond / visitor.stack.requestsPerSecond,
      memberCookiePerVisitor: byCookie.requestsPerSecond / visitor.stack.requestsPerSecond,
      visitorPerBare: visitor.throughputRatio,
      memberBearerPerBare: byBearer.throughputRatio,
    };
    console.log(
      Object.entries(ratios)
        .map(([name, value]) => `${name} ${value.toFixed(2)}`)
        .join(', '),
    );
    context.save('members', { industry, companies, visitor, byBearer, byCookie, ratios });
  } finally {
    if (member) {
      await savePriorities(context.bffUrl, member.token, allFive);
      await db.query('DELETE FROM accounts.users WHERE uid = $1', [member.uid]);
    }
    await db.end();
    const redis = new Redis(context.transport.redisUrl);
    for (const key of await redis.keys(`${queuePrefix}:*`)) await redis.del(key);
    await redis.quit();
  }
}
