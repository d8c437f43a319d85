import path from 'node:path';
import { Worker } from 'node:worker_threads';

const workerFile = path.join(__dirname, 'captcha-worker.ts');

/** A captcha-solving worker thread (captcha-worker.ts), compiled by tsx like its parent. */
export class CaptchaSolver {
  private readonly worker = new Worker(
    `require('tsx/cjs'); require(${JSON.stringify(workerFile)});`,
    { eval: true },
  );
  private readonly pending = new Map<
    number,
    (result: { payload?: string; error?: string }) => void
  >();
  private nextId = 0;

  constructor() {
    this.worker.on('message', (message: { id: number; payload?: string; error?: string }) => {
      this.pending.get(message.id)?.(message);
      this.pending.delete(message.id);
    });
  }

  solve(challenge: unknown): Promise<string> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (result) =>
        result.payload ? resolve(result.payload) : reject(new Error(result.error)),
      );
      this.worker.postMessage({ id, challenge });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
