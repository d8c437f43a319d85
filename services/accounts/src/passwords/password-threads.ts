import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Options } from '@node-rs/argon2';
import { SERVICE_CONFIG } from '@upright/platform';
import { Worker } from 'node:worker_threads';
import type { AccountsConfig } from '../config';

/** One piece of password work, as a thread runs it. */
type PasswordTask =
  | { kind: 'hash'; password: string; options: Options }
  | { kind: 'verify'; hash: string; password: string };

interface TaskAnswer {
  ok: boolean;
  value?: string | boolean;
  message?: string;
}

/** What a password thread is started with (its `workerData`). */
interface ThreadSetup {
  nice: number;
  argon2: string;
}

/**
 * A thread's code. Plain JavaScript, so the built service and the tests' sources start it alike;
 * argon2 is resolved by the parent. The thread takes its CPU priority first: on Linux a priority
 * is a thread's (pid 0 is the calling thread), so the service's own event loop keeps its own.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { setPriority } = require('node:os');
const argon2 = require(workerData.argon2);
try { setPriority(workerData.nice); } catch {}
parentPort.on('message', (task) => {
  try {
    const value = task.kind === 'hash'
      ? argon2.hashSync(task.password, task.options)
      : argon2.verifySync(task.hash, task.password);
    parentPort.postMessage({ ok: true, value });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String((error && error.message) || error) });
  }
});`;

interface Settle {
  resolve(answer: TaskAnswer): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  /** The task it runs, settled by its answer, or rejected if the thread dies first. */
  running: Settle | null;
}

/** A thread given to a caller who has not sent its task yet: busy, nothing to settle. */
const CLAIMED: Settle = { resolve: () => undefined, reject: () => undefined };

/**
 * The threads that hash and verify passwords (decision 0065): at most
 * PASSWORD_HASH_CONCURRENCY of them, made as work first needs them, each at the CPU priority
 * PASSWORD_WORK_NICE. On libuv's shared thread pool, argon2 ran at the priority of the event
 * loops serving every page: under a crowd of sign-ins its hashes took the cores the BFFs needed,
 * their loops ran late and they shed. Here a hash takes the cores the serving loops leave.
 * PasswordAdmission bounds what is sent here; a task beyond the threads waits for one.
 */
@Injectable()
export class PasswordThreads implements OnModuleDestroy {
  private readonly threads: Thread[] = [];

  private readonly waiting: Array<(thread: Thread) => void> = [];

  private readonly setup: ThreadSetup;

  private readonly size: number;

  constructor(
    @Inject(SERVICE_CONFIG)
    config: Pick<AccountsConfig, 'PASSWORD_HASH_CONCURRENCY' | 'PASSWORD_WORK_NICE'>,
  ) {
    this.size = config.PASSWORD_HASH_CONCURRENCY;
    this.setup = { nice: config.PASSWORD_WORK_NICE, argon2: require.resolve('@node-rs/argon2') };
  }

  hash(password: string, options: Options): Promise<string> {
    return this.run({ kind: 'hash', password, options }) as Promise<string>;
  }

  verify(hash: string, password: string): Promise<boolean> {
    return this.run({ kind: 'verify', hash, password }) as Promise<boolean>;
  }

  async onModuleDestroy(): Promise<void> {
    const threads = this.threads.splice(0);
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }

  private async run(task: PasswordTask): Promise<string | boolean> {
    const thread = await this.freeThread();
    try {
      const answer = await new Promise<TaskAnswer>((resolve, reject) => {
        thread.running = { resolve, reject };
        thread.worker.postMessage(task);
      });
      if (!answer.ok) throw new Error(answer.message ?? 'password work failed');
      return answer.value!;
    } finally {
      thread.running = null;
      this.release(thread);
    }
  }

  private freeThread(): Promise<Thread> {
    const idle = this.threads.find((thread) => thread.running === null);
    if (idle !== undefined) {
      // Claimed now, before the caller's next turn: a second caller must not take it too.
      idle.running = CLAIMED;
      return Promise.resolve(idle);
    }
    if (this.threads.length < this.size) return Promise.resolve(this.start());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(thread: Thread): void {
    if (!this.threads.includes(thread)) return;
    const next = this.waiting.shift();
    if (next === undefined) return;
    thread.running = CLAIMED;
    next(thread);
  }

  /** A new thread, claimed for its first task; one that dies fails its task and is replaced. */
  private start(): Thread {
    const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: this.setup });
    worker.unref();
    const thread: Thread = { worker, running: CLAIMED };
    worker.on('message', (answer: TaskAnswer) => thread.running?.resolve(answer));
    const died = (error: Error) => {
      thread.running?.reject(error);
      const index = this.threads.indexOf(thread);
      // Terminated on shutdown, or its error already seen: not replaced.
      if (index === -1) return;
      this.threads.splice(index, 1);
      // A task that waited for a thread gets a new one.
      const next = this.waiting.shift();
      if (next !== undefined) next(this.start());
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`password thread exited (${code})`)));
    this.threads.push(thread);
    return thread;
  }
}
