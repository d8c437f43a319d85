/**
 * `make chaos` (decision 0051): two replicas of every service and of the BFF (stack.ts: private
 * PostgreSQL, Redis, inbox and ports; one rankings replica in a network namespace of its own)
 * under the production mix at a rate within capacity (the crowd generators, CHAOS_RATE
 * iterations/s, a refused connection sent once to the other BFF as a load balancer does), and
 * writers sending contact messages, correction requests and follows. Each write carries an
 * Idempotency-Key and is retried once with it on 502/503/504 or no answer, as the web app does;
 * a read shed with a short `Retry-After` is asked once more after it, as the web app does
 * (crowd-worker.ts), and only its final answer counts.
 *
 * Faults, one after the other: SIGKILL one replica of each process (started again after a
 * while); a rolling SIGTERM restart of every process (a BFF leaves the balancer first, as
 * Kubernetes' endpoints do); the namespaced replica's link cut and healed; a crowd the BFFs
 * shed (writers wait out `Retry-After` before their one retry); a PostgreSQL restart; a Redis
 * restart. Then every write is looked for — contact mails in the inbox, correction
 * requests and follows in the databases — and the run prints requests, failures by kind, writes
 * acknowledged, lost, doubled, and the recovery time of each fault. Exits 1 on any loss, double
 * or failed read, or a replica not ready again (process-stack's 60 s). Options: --quick (shorter pauses), --duration=<s> (each fault's pause).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CORRECTION_FIELDS } from '@upright/contracts';
import { Client as Pg } from 'pg';
import { companySlug, JOURNEY_MIX, type Member } from '../k6/lib/journeys';
import type { GeneratorSample } from '../load/crowd-worker';
import { CLIENT_TIMEOUT_MS } from '../load/crowd-figures';
import { Generators } from '../load/generators';
import { signUpMembers, solveCaptcha } from '../load/members';
import { ReplicatedStack, type Replica } from './stack';
import {
  chaosExitCode,
  failedReadsByPhase,
  failureExamples,
  failuresByKind,
  isReadStep,
  mailDelays,
  reconcile,
  recovery,
  type Phase,
  type RequestRecord,
  type WriteKind,
  type WriteRecord,
} from './verdicts';

const ROOT = path.resolve(__dirname, '..', '..');
/**
 * A killed mail worker's jobs are sent again within 1.4 × its lock (services/mail/src/config.ts),
 * plus the second the send itself may take.
 */
const MAIL_REDELIVERY_BOUND_MS = 1.4 * Number(process.env.MAIL_LOCK_DURATION_MS ?? 10_000) + 1000;
const quick = process.argv.includes('--quick');
const durationOption = process.argv.find((arg) => arg.startsWith('--duration='));
const settings = {
  /** Each fault's pause (and the warm-up): long enough to see it, short enough to run often. */
  pauseSeconds: durationOption ? Number(durationOption.split('=')[1]) : quick ? 6 : 15,
  rate: Number(process.env.CHAOS_RATE ?? 6),
  writers: 4,
  members: 4,
  /** Closed clients of the shedding phase: enough to pass the BFFs' limit of fresh work. */
  crowd: Number(process.env.CHAOS_CROWD ?? 300),
  /** How long the inbox is watched for contact mails still queued. */
  mailWaitSeconds: quick ? 30 : 60,
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const RETRY_STATUSES = new Set([0, 502, 503, 504]);

/** The BFFs a balancer would send to now (a BFF being stopped leaves it first). */
let balancer: string[] = [];
let turn = 0;

interface Company {
  industry: string;
  slug: string;
  /** The period the company is ranked in: a correction must name one with its scores. */
  period: { period_year: number; period_qrt: number };
}

/** One writer's HTTP: a cookie jar of its own, each attempt to the next BFF in the balancer. */
class WriterSession {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly records: RequestRecord[]) {}

  forgetCsrf(): void {
    this.cookies.delete('__Host-upright_csrf');
    this.cookies.delete('upright_csrf');
  }

  /** Whether the session cookie is still there (a cleared one means signing in again). */
  signedIn(): boolean {
    return [...this.cookies.keys()].some((name) => name.includes('session'));
  }

  hasCsrfToken(): boolean {
    return Object.keys(this.csrf()).length > 0;
  }

  csrf(): Record<string, string> {
    const token = this.cookies.get('__Host-upright_csrf') ?? this.cookies.get('upright_csrf');
    return token ? { 'X-CSRF-Token': token } : {};
  }

  async send(
    method: string,
    route: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; text: string; record: RequestRecord; retryAfter?: number }> {
    const target = balancer[turn++ % balancer.length];
    const at = Date.now();
    let status = 0;
    let text = '';
    let timedOut = false;
    let retryAfter: number | undefined;
    try {
      const answer = await fetch(`${target}${route}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(this.cookies.size > 0
            ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
            : {}),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
      });
      text = await answer.text();
      status = answer.status;
      const wait = Number(answer.headers.get('retry-after'));
      if (Number.isFinite(wait) && wait > 0) retryAfter = Math.min(wait, 15);
      for (const line of answer.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';');
        const separator = pair.indexOf('=');
        const name = pair.slice(0, separator).trim();
        const value = pair.slice(separator + 1).trim();
        // A cleared cookie (the session forgotten) must go, or the CSRF binding goes wrong.
        const expired = attributes.some((attribute) => /^\s*max-age\s*=\s*(0|-)/i.test(attribute));
        if (expired || value === '') this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
    } catch (error) {
      timedOut = error instanceof Error && error.name === 'TimeoutError';
    }
    const ok = status >= 200 && status < 300;
    const record: RequestRecord = { at, status, ok, timedOut };
    if (!ok) record.what = `${method} ${route} → ${status || 'no answer'} ${text.slice(0, 160)}`;
    this.records.push(record);
    return { status, text, record, retryAfter };
  }

  /** A write as the web app sends it: one key, retried once with it when no answer came. */
  async write(
    method: string,
    route: string,
    body: unknown,
  ): Promise<{ acknowledged: boolean; attempts: number; acknowledgedAt?: number }> {
    const key = randomUUID();
    let attempts = 0;
    while (attempts < 2) {
      attempts++;
      const { status, record, retryAfter } = await this.send(method, route, body, {
        ...this.csrf(),
        'Idempotency-Key': key,
      });
      if (status >= 200 && status < 300) {
        return { acknowledged: true, attempts, acknowledgedAt: Date.now() };
      }
      // A refused token (the session it was bound to ended): a new one for the next write, as
      // the web app's "refresh the page" gets.
      if (status === 403) this.forgetCsrf();
      if (!RETRY_STATUSES.has(status) || attempts === 2) break;
      record.retried = true;
      // Told when to come back (a shed, a store away): waited out, plus up to half again at
      // random, as the web app does (retryWaitMs, decision 0069).
      if (retryAfter !== undefined) await pause(retryAfter * 1000 * (1 + Math.random() / 2));
    }
    return { acknowledged: false, attempts };
  }

  async captcha(): Promise<string | undefined> {
    const { status, text } = await this.send('GET', '/api/captcha');
    if (status !== 200) return undefined;
    return solveCaptcha(JSON.parse(text));
  }
}

interface Writers {
  writes: WriteRecord[];
  records: RequestRecord[];
  stop(): Promise<void>;
}

function startWriters(members: Member[], companies: Company[]): Writers {
  const writes: WriteRecord[] = [];
  const records: RequestRecord[] = [];
  let running = true;
  let next = 0;
  const kinds: WriteKind[] = ['contact', 'correction', 'follow'];
  const writer = async (index: number) => {
    const member = members[index % members.length];
    const session = new WriterSession(records);
    let signedIn = false;
    const writeOnce = async (n: number) => {
      const kind = kinds[n % kinds.length];
      const company = companies[n % companies.length];
      const marker = `chaos-${n}-${randomUUID().slice(0, 8)}`;
      if (!session.hasCsrfToken()) await session.send('GET', '/api/csrf');
      // No token (its request found no replica): a write now would be refused as the harness's
      // own mistake; it is tried again next time, as a missing captcha is.
      if (!session.hasCsrfToken()) return;
      if (kind === 'follow') {
        // Signing in is not a counted write: without the retry, it is tried again next time.
        if (!signedIn || !session.signedIn()) {
          const answer = await session.send(
            'POST',
            '/api/signin',
            { email: member.email, password: member.password },
            session.csrf(),
          );
          signedIn = answer.record.ok;
          // A token bound to a session that ended: a new one next time, as for a write.
          if (answer.status === 403) session.forgetCsrf();
          if (!signedIn) return;
        }
        const route = `/api/follows/us/${encodeURIComponent(company.industry)}/${encodeURIComponent(company.slug)}`;
        const outcome = await session.write('PUT', route, undefined);
        writes.push({ kind, marker: followMarker(member.email, company), ...outcome });
        return;
      }
      const altcha = await session.captcha();
      if (!altcha) return;
      const person = { name: 'Chaos Tester', email: `${marker}@example.test` };
      const body =
        kind === 'contact'
          ? { ...person, message: `Chaos run message ${marker}`, altcha }
          : {
              ...person,
              industry: company.industry,
              company: company.slug,
              field: CORRECTION_FIELDS[0],
              ...company.period,
              what_is_wrong: `Chaos run request ${marker}`,
              evidence_url: 'https://example.org/chaos',
              altcha,
            };
      const route = kind === 'contact' ? '/api/message' : '/api/corrections';
      writes.push({ kind, marker, ...(await session.write('POST', route, body)) });
    };
    while (running) {
      try {
        await writeOnce(next++);
      } catch (error) {
        console.error(`[chaos] writer ${index}: ${(error as Error).message}`);
      }
      await pause(150);
    }
  };
  const done = Promise.all(Array.from({ length: settings.writers }, (_, i) => writer(i)));
  return {
    writes,
    records,
    async stop() {
      running = false;
      await done;
    },
  };
}

/** A follow is one per member and company, whichever industry's page it came from. */
const followMarker = (email: string, company: Company) => `${email}|${company.slug}`;

/** How many times each write is there: mails by marker, rows by marker or member + company. */
/** How many times each write is there; for contact mails, when the first one was sent. */
async function findWrites(
  stack: ReplicatedStack,
): Promise<{ found: Map<string, number>; mailedAt: Map<string, number> }> {
  const found = new Map<string, number>();
  const mailedAt = new Map<string, number>();
  const count = (marker: string) => found.set(marker, (found.get(marker) ?? 0) + 1);
  const mails = (await (await fetch(`${stack.inboxUrl}/email`)).json()) as Array<{
    text?: string;
    time?: string;
  }>;
  for (const mail of mails) {
    for (const match of (mail.text ?? '').matchAll(
      /Chaos run message (chaos-[0-9]+-[0-9a-f]{8})/g,
    )) {
      count(match[1]);
      const at = Date.parse(mail.time ?? '');
      if (Number.isFinite(at)) mailedAt.set(match[1], Math.min(at, mailedAt.get(match[1]) ?? at));
    }
  }
  const query = async (name: 'rankings' | 'accounts', sql: string) => {
    const client = new Pg({ connectionString: stack.databaseUrl(name) });
    await client.connect();
    try {
      return (await client.query<{ marker: string }>(sql)).rows;
    } finally {
      await client.end();
    }
  };
  for (const row of await query(
    'rankings',
    "SELECT substring(what_is_wrong FROM 'chaos-[0-9]+-[0-9a-f]{8}') AS marker FROM rankings.correction_requests WHERE what_is_wrong LIKE 'Chaos run request %'",
  )) {
    count(row.marker);
  }
  for (const row of await query(
    'accounts',
    "SELECT u.email || '|' || f.slug AS marker FROM accounts.follows f JOIN accounts.users u USING (uid)",
  )) {
    count(row.marker);
  }
  return { found, mailedAt };
}

/**
 * GET as JSON, asked again while the stack is still warming up (a fresh BFF may shed or fail its
 * first requests): the run's setup must not fail on what its faults are there to measure.
 */
async function getJson<T>(url: string): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await fetch(url).catch(() => undefined);
    if (answer?.ok) return (await answer.json()) as T;
    if (Date.now() > deadline) throw new Error(`${url}: ${answer?.status ?? 'no answer'}`);
    await pause(1000);
  }
}

async function discoverCompanies(baseUrl: string): Promise<Company[]> {
  const active = await getJson<Array<{ industry: string }>>(`${baseUrl}/api/active`);
  const companies: Company[] = [];
  for (const { industry } of active) {
    const answer = await getJson<{
      result: { ranked: Array<{ company_name: string }> };
      period: Company['period'] | null;
    }>(`${baseUrl}/api/companies/us/${encodeURIComponent(industry)}`);
    const period = answer.period;
    if (period === null) continue;
    for (const row of answer.result.ranked) {
      companies.push({ industry, slug: companySlug(row.company_name), period });
    }
  }
  return companies;
}

async function signUpChaosMembers(baseUrl: string): Promise<Member[]> {
  const members = await signUpMembers(baseUrl, settings.members, 'chaos', 30);
  if (members.length === 0) throw new Error('no member could sign up');
  return members;
}

async function main(): Promise<number> {
  const stack = new ReplicatedStack({
    tag: 'chaos',
    basePort: 19380,
    replicas: 2,
    bffsAtStart: 2,
    partitioned: { name: 'rankings', replica: 1 },
  });
  stack.stopOnSignal();
  const generators = new Generators(2);
  const pauseMs = settings.pauseSeconds * 1000;
  const phases: Phase[] = [];
  let phaseStart = 0;
  const fault = (name: string, refusalsExpected = false) => {
    const now = Date.now();
    if (phases.length > 0) phases[phases.length - 1].until = now;
    phases.push({ name, faultAt: now, until: Infinity, refusalsExpected });
    phaseStart = now;
    console.log(`[chaos] ${new Date(now).toISOString().slice(11, 19)} ${name}`);
  };
  /** Replicas that did not come back: a finding of the run, not a reason to stop it. */
  const notBack: string[] = [];
  const comeBack = async (replica: Replica) => {
    try {
      await stack.startReplica(replica);
    } catch (error) {
      notBack.push(`${replica.name}#${replica.replica + 1}: ${(error as Error).message}`);
      console.log(`[chaos]   ${notBack.at(-1)}`);
    }
  };
  const setBalancer = (urls: string[]) => {
    balancer = urls;
    generators.setTargets(urls);
  };
  try {
    console.log(
      '[chaos] starting two replicas of every process (ports 19380–19411, private stores)',
    );
    await stack.start();
    balancer = stack.liveBffUrls();
    const members = await signUpChaosMembers(balancer[0]);
    const companies = await discoverCompanies(balancer[0]);
    console.log(
      `[chaos] load: ${settings.rate} iterations/s of the production mix, ${settings.writers} writers`,
    );
    const reads = generators.run({
      mode: 'open',
      amount: settings.rate,
      // Ended by stop() after the last fault.
      seconds: 3600,
      shares: JOURNEY_MIX,
      members,
      targets: balancer,
      failover: true,
    });
    const writers = startWriters(members, companies);
    fault('warm-up (no fault)');
    await pause(pauseMs);

    fault('SIGKILL one replica of each process');
    const firsts = stack.replicas.filter((replica) => replica.replica === 0);
    setBalancer(stack.liveBffUrls().filter((url) => url !== stack.bffs()[0].url));
    await Promise.all(firsts.map((replica) => stack.kill(replica)));
    await pause(pauseMs);
    for (const replica of firsts) await comeBack(replica);
    setBalancer(stack.liveBffUrls());
    await pause(Math.max(0, phaseStart + pauseMs * 2 - Date.now()));

    fault('rolling SIGTERM restart of every process');
    // In the manifest's order: the services first, the BFFs that call them last.
    for (const replica of stack.replicas) {
      if (replica.name === 'bff') {
        setBalancer(stack.liveBffUrls().filter((url) => url !== replica.url));
      }
      const stopping = performance.now();
      await stack.terminate(replica);
      const starting = performance.now();
      await comeBack(replica);
      setBalancer(stack.liveBffUrls());
      // The drain time is what the chart's grace period and preStop must cover.
      console.log(
        `[chaos]   ${replica.name}#${replica.replica + 1}: exited ${((starting - stopping) / 1000).toFixed(1)} s after SIGTERM, ready again after ${((performance.now() - starting) / 1000).toFixed(1)} s`,
      );
    }
    await pause(pauseMs);

    fault(`partition of ${stack.namespace!.name} (rankings replica 2)`);
    stack.namespace!.cut();
    await pause(pauseMs);
    stack.namespace!.heal();
    await pause(pauseMs);

    fault('BFFs shedding a crowd (closed clients that wait out Retry-After)', true);
    // A crowd of its own beside the counted load: the BFFs' one limit of fresh work refuses what
    // is over it with 503 and Retry-After; the writers wait out theirs and try once more.
    const crowd = new Generators(1);
    await crowd.run({
      mode: 'closed',
      amount: settings.crowd,
      seconds: settings.pauseSeconds,
      shares: JOURNEY_MIX,
      members,
      targets: balancer,
      failover: true,
    });
    await crowd.close();
    await pause(pauseMs);

    fault('PostgreSQL restart', true);
    await stack.postgres.restart();
    await pause(pauseMs);

    fault('Redis restart', true);
    await stack.redis.restart();
    await pause(pauseMs);

    fault('settle (no fault)');
    await writers.stop();
    generators.stop();
    const readSamples: GeneratorSample[] = await reads;
    phases[phases.length - 1].until = Date.now();

    // Contact mails go through the mail queue: wait until each acknowledged one has arrived.
    const acknowledgedMails = writers.writes.filter(
      (write) => write.kind === 'contact' && write.acknowledged,
    );
    let landed = await findWrites(stack);
    const mailDeadline = Date.now() + settings.mailWaitSeconds * 1000;
    while (
      Date.now() < mailDeadline &&
      acknowledgedMails.some((write) => !landed.found.has(write.marker))
    ) {
      await pause(1000);
      landed = await findWrites(stack);
    }
    const { found } = landed;
    const tallies = reconcile(writers.writes, found);
    const mail = mailDelays(writers.writes, landed.mailedAt, MAIL_REDELIVERY_BOUND_MS);
    const mixRecords = readSamples.map((sample) => ({
      read: isReadStep(sample.step),
      record: {
        at: sample.at ?? 0,
        status: sample.status,
        ok: sample.ok,
        timedOut: sample.timedOut,
        retried: sample.retried,
        what: sample.what,
        retryAfter: sample.retryAfter,
      } satisfies RequestRecord,
    }));
    const readRecords = mixRecords.filter((entry) => entry.read).map((entry) => entry.record);
    const mixWrites = mixRecords.filter((entry) => !entry.read).map((entry) => entry.record);
    const readsByPhase = failedReadsByPhase(phases, readRecords);
    const failedReads = readsByPhase.reduce((sum, phase) => sum + phase.failed, 0);

    console.log(
      `\nRequests: ${readRecords.length} reads, ${mixWrites.length} sign-ins, sign-ups and saves of the mix, ${writers.records.length} write-side`,
    );
    const askedAgain = readRecords.filter((record) => record.retried && record.status === 503);
    console.log(
      `Reads shed with Retry-After and asked again after it (as the web app does; not failures): ${askedAgain.length}`,
    );
    console.log(`Failed reads by kind: ${JSON.stringify(failuresByKind(readRecords))}`);
    for (const [kind, example] of Object.entries(failureExamples(readRecords))) {
      console.log(`  e.g. ${kind}: ${example}`);
    }
    console.log(
      `Failed sign-ins, sign-ups and saves of the mix by kind: ${JSON.stringify(failuresByKind(mixWrites))}`,
    );
    console.log(
      `Failed write-side requests by kind: ${JSON.stringify(failuresByKind(writers.records))}`,
    );
    for (const [kind, example] of Object.entries(failureExamples(writers.records))) {
      console.log(`  e.g. ${kind}: ${example}`);
    }
    console.log(
      `\n${'writes'.padEnd(12)}${['attempted', 'acked', 'retried', 'lost', 'doubled', 'applied unacked', 'failed'].map((h) => h.padStart(16)).join('')}`,
    );
    for (const [kind, tally] of Object.entries(tallies)) {
      const cells = [
        tally.attempted,
        tally.acknowledged,
        tally.retried,
        tally.lost,
        tally.doubled,
        tally.appliedUnacknowledged,
        tally.failed,
      ];
      console.log(`${kind.padEnd(12)}${cells.map((cell) => String(cell).padStart(16)).join('')}`);
    }
    const missing = writers.writes.filter(
      (entry) =>
        (entry.acknowledged && !found.has(entry.marker)) || (found.get(entry.marker) ?? 0) > 1,
    );
    for (const entry of missing.slice(0, 5)) {
      console.log(
        `  e.g. ${entry.kind} ${entry.marker}: found ${found.get(entry.marker) ?? 0} times`,
      );
    }
    const allRecords = [...readRecords, ...mixWrites, ...writers.records];
    console.log(
      "\nPer fault: failed requests (reads and writes), failed reads counted (a store outage's 503s with Retry-After are not), recovered after",
    );
    recovery(phases, allRecords).forEach((phase, index) => {
      console.log(
        `  ${phase.name.padEnd(48)} ${String(phase.failures).padStart(6)} ${String(readsByPhase[index].failed).padStart(6)}   ${(phase.recoveredAfterMs / 1000).toFixed(1)} s`,
      );
    });
    console.log(
      `\nContact mails, from the acknowledged answer to the inbox: ${mail.mails} mails, p50 ${(mail.p50Ms / 1000).toFixed(1)} s, max ${(mail.maxMs / 1000).toFixed(1)} s; ${mail.late} later than the configured bound (${MAIL_REDELIVERY_BOUND_MS / 1000} s: a killed worker's jobs come back after 1.4 × MAIL_LOCK_DURATION_MS)`,
    );
    for (const problem of notBack) console.log(`✗ did not come back: ${problem}`);
    const code = notBack.length > 0 ? 1 : chaosExitCode(tallies.all, failedReads, mail.late);
    console.log(
      `\n${code === 0 ? '✓' : '✗'} ${failedReads} failed reads, ${tallies.all.lost} lost and ${tallies.all.doubled} doubled writes`,
    );
    const results = path.join(ROOT, '.local', 'chaos');
    mkdirSync(results, { recursive: true });
    writeFileSync(
      path.join(results, 'chaos.json'),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          settings,
          reads: {
            requests: readRecords.length,
            failures: failuresByKind(readRecords),
            counted: readsByPhase,
          },
          mixWrites: { requests: mixWrites.length, failures: failuresByKind(mixWrites) },
          writeRequests: failuresByKind(writers.records),
          writes: tallies,
          mail,
          recovery: recovery(phases, allRecords),
          mixFailures: readSamples
            .filter((sample) => !sample.ok && !sample.retried)
            .map((sample) => ({
              at: new Date(sample.at ?? 0).toISOString().slice(11, 23),
              phase: phases.find(
                (phase) => (sample.at ?? 0) >= phase.faultAt && (sample.at ?? 0) < phase.until,
              )?.name,
              target: sample.target,
              ms: Math.round(sample.ms),
              what: sample.what,
            })),
          notBack,
        },
        null,
        2,
      ),
    );
    return code;
  } finally {
    await generators.close();
    await stack.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
