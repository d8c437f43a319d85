import { Injectable } from '@nestjs/common';
import type { ReadinessCheck } from './readiness';

/**
 * Providers that own a connection (Redis, Prisma) register a check here when they start,
 * so readiness always covers exactly the dependencies a process really has.
 */
@Injectable()
export class ReadinessRegistry {
  private readonly checks: ReadinessCheck[] = [];

  register(check: ReadinessCheck): void {
    this.checks.push(check);
  }

  all(): readonly ReadinessCheck[] {
    return this.checks;
  }
}
