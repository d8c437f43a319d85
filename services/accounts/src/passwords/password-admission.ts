import { Inject, Injectable } from '@nestjs/common';
import { ERROR_TEXTS } from '@upright/contracts';
import { Metrics, remoteError, SERVICE_CONFIG } from '@upright/platform';
import { Counter } from 'prom-client';
import type { AccountsConfig } from '../config';

/**
 * Password work is admitted, not queued (decision 0059): at most
 * PASSWORD_HASH_CONCURRENCY argon2id hashes or verifications run in this process, at most
 * PASSWORD_HASH_WAITING more wait for a free slot, and beyond that the request is refused at once
 * as `service_unavailable` (503 with `Retry-After` at the BFF, as a store outage is). Each hash
 * holds 19 MiB and tens of milliseconds of a core: under a crowd of sign-ins, an unbounded queue
 * of them made every sign-in wait seconds and took the CPU every other page needed.
 * Refusals are counted in `upright_password_work_refused_total`.
 */
@Injectable()
export class PasswordAdmission {
  private running = 0;

  /** Whoever waits for a slot, first come first served; a finishing hash hands its slot on. */
  private readonly waiting: Array<() => void> = [];

  private readonly concurrency: number;

  private readonly allowance: number;

  private readonly refused: Counter;

  constructor(
    @Inject(SERVICE_CONFIG)
    config: Pick<AccountsConfig, 'PASSWORD_HASH_CONCURRENCY' | 'PASSWORD_HASH_WAITING'>,
    @Inject(Metrics) metrics: Metrics,
  ) {
    this.concurrency = config.PASSWORD_HASH_CONCURRENCY;
    this.allowance = config.PASSWORD_HASH_WAITING;
    this.refused = new Counter({
      name: 'upright_password_work_refused_total',
      help: 'Password hashes and verifications refused because this process had its limit in flight and waiting',
      registers: [metrics.registry],
    });
  }

  /**
   * Refuses at once when `run` would refuse now: for the work a password check needs first (the
   * member's row), so that a sign-in refused under a crowd is refused before it waits for the
   * database rather than after (the refusal then costs less than the sign-in it spares).
   */
  refuseWhenFull(): void {
    if (this.full) this.refuse();
  }

  /** Every slot taken and the allowance waiting: the next work is refused. */
  private get full(): boolean {
    return this.running >= this.concurrency && this.waiting.length >= this.allowance;
  }

  /** Runs `work` in a slot, after waiting for one if the allowance admits it; else refuses. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running += 1;
    } else if (this.full) {
      this.refuse();
    } else {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  private refuse(): never {
    this.refused.inc();
    throw remoteError('service_unavailable', ERROR_TEXTS.serviceUnavailable);
  }
}
