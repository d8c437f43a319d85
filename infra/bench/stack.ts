import { randomUUID } from 'node:crypto';

// The benches start their processes like the load and e2e stacks do (infra/local/process-stack).
export { startProcess, stopProcess, type RunningProcess } from '../local/process-stack';

export function benchTransportPrefix(): string {
  return `bench-${randomUUID().slice(0, 8)}`;
}
