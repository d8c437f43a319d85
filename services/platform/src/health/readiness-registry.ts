import { Injectable } from '@nestjs/common';
import type { ReadinessCheck } from './readiness';

/**
 * Providers that own a connection (Redis, Prisma) register a check here when they start,
 * so readiness always covers exactly the dependencies a process really has.
 */
@Injectable()
export class ReadinessRegistry {
  private readonly checks: ReadinessCheck[] = [];
  private drainingSince?: number;

  register(check: ReadinessCheck): void {
    this.checks.push(check);
  }

  all(): readonly ReadinessCheck[] {
    return this.checks;
  }

  /** The process is shutting down: it reports not ready from now on, whatever its checks say. */
  startDraining(): void {
    this.drainingSince ??= Date.now();
  }

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }
}
