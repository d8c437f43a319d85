import { IDEMPOTENCY_KEY_HEADER, MailKinds } from '@upright/contracts';
import type Redis from 'ioredis';
import { createHash, randomUUID } from 'node:crypto';
import {
  Browser,
  mailJobs,
  signUp,
  solvedCaptcha,
  startAccountsStack,
  type AccountsStack,
} from './support/accounts-stack';

/** Every key of a prefix with everything it holds, as text (strings, hashes, lists, streams…). */
async function dump(redis: Redis, pattern: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const key of await redis.keys(pattern)) {
    const type = await redis.type(key);
    let value: unknown;
    if (type === 'string') value = await redis.getBuffer(key);
    else if (type === 'hash') value = await redis.hgetall(key);
    else if (type === 'list') value = await redis.lrange(key, 0, -1);
    else if (type === 'set') value = await redis.smembers(key);
    else if (type === 'zset') value = await redis.zrange(key, 0, -1, 'WITHSCORES');
    else if (type === 'stream') value = await redis.xrange(key, '-', '+');
    else value = type;
    found.set(key, Buffer.isBuffer(value) ? value.toString('latin1') : JSON.stringify(value));
  }
  return found;
}

/** Bytes Redis uses for the keys of a prefix (MEMORY USAGE: the value, the key and overhead). */
async function bytesUnder(redis: Redis, pattern: string): Promise<number> {
  let total = 0;
  for (const key of await redis.keys(pattern)) {
    total += Number((await redis.call('MEMORY', 'USAGE', key, 'SAMPLES', '0')) ?? 0);
  }
  return total;
}

/**
 * Keyed writes hardened (decision 0071): what Redis keeps of them cannot test a password, grow
 * without bound for a visitor, or let a retry whose caller was recognised otherwise apply a
 * write again.
 */
describe('keyed writes in Redis', () => {
  let stack: AccountsStack;
  const key = () => ({ [IDEMPOTENCY_KEY_HEADER]: randomUUID() });

  beforeAll(async () => {
    // One address sends every request here: the per-address budgets are tested elsewhere.
    stack = await startAccountsStack('idempotency-hardening', {
      bffEnv: { RATE_LIMIT_API: '100000/60', RATE_LIMIT_KEYED_WRITES: '100000/60' },
    });
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('a keyed sign-in leaves no fast hash of its body, its password or its email in Redis', async () => {
    const member = await signUp(stack, 'scanned');
    // The welcome mail waits for a mail service this stack does not run; its recipient is the
    // mail's own business, not the sign-in's.
    await stack.mailQueue.obliterate({ force: true });
    const body = { email: member.email, password: member.password };
    const browser = await new Browser(stack.bff.url).open();
    const signedIn = await browser.call('POST', '/api/signin', body, { headers: key() });
    expect(signedIn.status).toBe(200);
    // A wrong password too: its budget is counted per account.
    const wrong = { email: member.email, password: 'not the password at all' };
    const refused = await new Browser(stack.bff.url).open();
    expect((await refused.call('POST', '/api/signin', wrong, { headers: key() })).status).toBe(401);

    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    const canonical = `{"email":${JSON.stringify(member.email)},"password":${JSON.stringify(member.password)}}`;
    const forbidden = [
      sha256(`POST /api/signin\n${canonical}`),
      sha256(canonical),
      sha256(member.password),
      member.password,
      member.email,
      member.email.toUpperCase(),
      wrong.password,
    ];
    const everything = new Map([
      ...(await dump(stack.redis, `${stack.prefix}:*`)),
      ...(await dump(stack.redis, `${stack.queuePrefix}:*`)),
    ]);
    // The sign-in did leave its records: the scan looks where they are.
    expect([...everything.keys()].some((name) => name.includes(':bff:idempotency:'))).toBe(true);
    expect([...everything.keys()].some((name) => name.includes(':rate-limit:account:'))).toBe(true);
    for (const [name, value] of everything) {
      for (const secret of forbidden) {
        expect({ key: name, holds: name.includes(secret) || value.includes(secret) }).toEqual({
          key: name,
          holds: false,
        });
      }
    }
  });

  it('1,000 keyed visitor sign-outs and validation failures grow Redis by less than 100 KB', async () => {
    const before = await bytesUnder(stack.redis, `${stack.prefix}:*`);
    // Two at a time: a crowd would be shed (503), which is not what this counts.
    const browsers = [await new Browser(stack.bff.url).open()];
    const statuses = new Map<number, number>();
    for (let round = 0; round < 500; round += 1) {
      const answers = await Promise.all(
        browsers.flatMap((browser) => [
          browser.call('POST', '/api/signout', undefined, { headers: key() }),
          browser.call('POST', '/api/message', { name: '' }, { headers: key() }),
        ]),
      );
      for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    // Every one was answered as itself: a sign-out or a validation failure, none refused.
    expect(Object.fromEntries(statuses)).toEqual({ 200: 500, 400: 500 });
    const grown = (await bytesUnder(stack.redis, `${stack.prefix}:*`)) - before;
    expect(grown).toBeLessThan(100 * 1024);
  });

  it('a keyed sign-out with a session keeps its outcome (it ended something)', async () => {
    const member = await signUp(stack, 'leaving');
    const records = async () =>
      (await stack.redis.keys(`${stack.prefix}:bff:idempotency:*`)).length;
    const before = await records();
    const answer = await member.browser.call('POST', '/api/signout', undefined, {
      headers: key(),
    });
    expect(answer.status).toBe(200);
    expect(await records()).toBe(before + 1);
  });

  it('the doubled contact mail: a retry no longer recognised as the member is not sent again', async () => {
    const member = await signUp(stack, 'contact-retry');
    const marker = randomUUID();
    const body = {
      name: 'Retrying Member',
      email: member.email,
      message: `Please look at this (${marker}).`,
      altcha: await solvedCaptcha(stack.bff.url),
    };
    const headers = key();
    const first = await member.browser.call('POST', '/api/message', body, { headers });
    expect(first).toMatchObject({ status: 200, body: { sent: true } });
    // The first answer never reached the browser (a 5xx after the mail was queued) and the
    // replica's record went with it; by the retry, the session cannot be confirmed any more
    // (accounts away for that call, or the session ended), so the BFF sees a visitor.
    for (const record of await stack.redis.keys(`${stack.prefix}:bff:idempotency:*`)) {
      await stack.redis.del(record);
    }
    const elsewhere = new Browser(stack.bff.url);
    expect(
      (await elsewhere.call('POST', '/api/signout', undefined, { bearer: member.token })).status,
    ).toBe(200);
    const retry = await member.browser.call('POST', '/api/message', body, { headers });
    expect(retry).toMatchObject({ status: 200, body: { sent: true } });

    const contacts = (await mailJobs(stack, MailKinds.contact)).filter((job) =>
      job.data.message.includes(marker),
    );
    expect(contacts).toHaveLength(1);
  });

  it('a reset request applied again by its key (its replica died before keeping the reply): one mail', async () => {
    const member = await signUp(stack, 'reset-retry');
    const body = { email: member.email, altcha: await solvedCaptcha(stack.bff.url) };
    const headers = key();
    const visitor = await new Browser(stack.bff.url).open();
    expect((await visitor.call('POST', '/api/reset', body, { headers })).status).toBe(200);
    // Neither the BFF nor accounts kept the reply: the retry applies the request again.
    for (const pattern of [':bff:idempotency:*', ':accounts:idempotent:*']) {
      for (const record of await stack.redis.keys(`${stack.prefix}${pattern}`)) {
        await stack.redis.del(record);
      }
    }
    expect((await visitor.call('POST', '/api/reset', body, { headers })).status).toBe(200);
    const resets = (await mailJobs(stack, MailKinds.passwordReset)).filter(
      (job) => job.data.recipient.uid === member.uid,
    );
    expect(resets).toHaveLength(1);
  });
});
