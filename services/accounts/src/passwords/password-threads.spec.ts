import { Algorithm } from '@node-rs/argon2';
import { readdirSync, readFileSync } from 'node:fs';
import { PasswordThreads } from './password-threads';

/** Cheap argon2id settings: these tests are about the threads, not the hash's cost. */
const QUICK = { algorithm: Algorithm.Argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** A thread's nice value from its /proc stat line (the 19th field; the command may hold spaces). */
function niceOf(statPath: string): number {
  const stat = readFileSync(statPath, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** The nice values of this process's threads, read from the kernel (Linux). */
const threadNiceValues = (): number[] =>
  readdirSync('/proc/self/task').map((tid) => niceOf(`/proc/self/task/${tid}/stat`));

/** The threads the pool holds now (a private field: the tests count and kill them). */
const threadsOf = (pool: PasswordThreads) =>
  (pool as unknown as { threads: Array<{ worker: { terminate(): Promise<number> } }> }).threads;

describe('PasswordThreads (decision 0065)', () => {
  let pool: PasswordThreads;
  afterEach(() => pool.onModuleDestroy());

  it('hashes and verifies with argon2id: the right password matches, a wrong one does not', async () => {
    pool = new PasswordThreads({ PASSWORD_HASH_CONCURRENCY: 2, PASSWORD_WORK_NICE: 0 });
    const hash = await pool.hash('correct horse battery', QUICK);
    expect(hash).toMatch(/^\$argon2id\$/);
    await expect(pool.verify(hash, 'correct horse battery')).resolves.toBe(true);
    await expect(pool.verify(hash, 'wrong horse battery')).resolves.toBe(false);
  });

  it('runs its threads at PASSWORD_WORK_NICE while this thread keeps its own priority', async () => {
    const before = threadNiceValues().filter((nice) => nice === 7).length;
    const own = niceOf('/proc/thread-self/stat');
    pool = new PasswordThreads({ PASSWORD_HASH_CONCURRENCY: 1, PASSWORD_WORK_NICE: 7 });
    await pool.hash('any password at all', QUICK);
    expect(threadNiceValues().filter((nice) => nice === 7).length).toBe(before + 1);
    expect(niceOf('/proc/thread-self/stat')).toBe(own);
  });

  it('runs at most PASSWORD_HASH_CONCURRENCY threads; more tasks wait for one and all finish', async () => {
    pool = new PasswordThreads({ PASSWORD_HASH_CONCURRENCY: 2, PASSWORD_WORK_NICE: 0 });
    const passwords = Array.from({ length: 6 }, (_, i) => `password number ${i}`);
    const hashes = await Promise.all(passwords.map((password) => pool.hash(password, QUICK)));
    expect(threadsOf(pool)).toHaveLength(2);
    const checks = await Promise.all(hashes.map((hash, i) => pool.verify(hash, passwords[i])));
    expect(checks).toEqual(passwords.map(() => true));
  });

  it('fails the work of a thread that dies, and the next work gets a new thread', async () => {
    pool = new PasswordThreads({ PASSWORD_HASH_CONCURRENCY: 1, PASSWORD_WORK_NICE: 0 });
    const slow = { ...QUICK, memoryCost: 65_536, timeCost: 20 };
    const dying = pool.hash('a password being hashed', slow);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const waiting = pool.hash('a password that waited', QUICK);
    await threadsOf(pool)[0].worker.terminate();
    await expect(dying).rejects.toThrow(/password thread exited/);
    await expect(waiting).resolves.toMatch(/^\$argon2id\$/);
    await expect(pool.hash('a later password', QUICK)).resolves.toMatch(/^\$argon2id\$/);
    expect(threadsOf(pool)).toHaveLength(1);
  });

  it('answers a malformed hash with an error (the hasher counts it a mismatch)', async () => {
    pool = new PasswordThreads({ PASSWORD_HASH_CONCURRENCY: 1, PASSWORD_WORK_NICE: 0 });
    await expect(pool.verify('not a hash', 'password')).rejects.toThrow();
  });
});
