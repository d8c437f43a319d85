import { randomUUID } from 'node:crypto';

/** A transport prefix of the bench run's own: its processes never meet a running stack's. */
export function benchTransportPrefix(): string {
  return `bench-${randomUUID().slice(0, 8)}`;
}
