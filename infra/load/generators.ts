/**
 * The load generators of a harness: worker threads (crowd-worker.ts, compiled by tsx like their
 * parent), the population or arrival rate split evenly between them.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { GeneratorLoad } from './crowd-figures';
import type {
  GeneratorCommand,
  GeneratorReport,
  GeneratorSample,
  GeneratorSetup,
} from './crowd-worker';

const workerFile = path.join(__dirname, 'crowd-worker.ts');

/**
 * The generators' CPU priority (a nice value; the stack runs at 0): ahead of the stack, as a
 * generator on a machine of its own would be (decision 0064). At the same priority the generators
 * read answers a median ~150 ms late in a crowd, and that delay was counted as the stack's.
 */
const GENERATOR_PRIORITY = -10;

type RunCommand = Omit<Extract<GeneratorCommand, { type: 'run' }>, 'type'>;

export class Generators {
  private readonly workers: Worker[];
  /** Every generator's reports of the last run, as they came. */
  loads: GeneratorLoad[] = [];

  constructor(count: number) {
    const workerData: GeneratorSetup = { priority: GENERATOR_PRIORITY };
    this.workers = Array.from(
      { length: count },
      () =>
        new Worker(`require('tsx/cjs'); require(${JSON.stringify(workerFile)});`, {
          eval: true,
          workerData,
        }),
    );
  }

  /**
   * Runs `command` on every generator (its amount shared between them); resolves with every
   * sample once all are done. `onSamples` sees them as they arrive (a harness's live checks).
   */
  run(
    command: RunCommand,
    onSamples?: (samples: GeneratorSample[]) => void,
  ): Promise<GeneratorSample[]> {
    const all: GeneratorSample[] = [];
    this.loads = [];
    return Promise.all(
      this.workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const listen = (report: GeneratorReport) => {
              if (report.type === 'samples') {
                all.push(...report.samples);
                const { busy, lateMs, priority } = report;
                this.loads.push({ at: Date.now(), busy, lateMs, priority });
                onSamples?.(report.samples);
              } else {
                worker.off('message', listen);
                worker.off('error', reject);
                resolve();
              }
            };
            worker.on('message', listen);
            worker.once('error', reject);
            worker.postMessage({
              type: 'run',
              ...command,
              amount: command.amount / this.workers.length,
            } satisfies GeneratorCommand);
          }),
      ),
    ).then(() => all);
  }

  /** Where the next iterations go (a replica joined or left). */
  setTargets(targets: string[]): void {
    for (const worker of this.workers) worker.postMessage({ type: 'targets', targets });
  }

  /** Ends the current run early (its promise resolves once in-flight iterations finish). */
  stop(): void {
    for (const worker of this.workers) worker.postMessage({ type: 'stop' });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
