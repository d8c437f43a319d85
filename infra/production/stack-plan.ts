/**
 * The rendered chart and its processes as `make up-production` runs them (pods.ts), from the
 * test values file and the stack's TLS material: one place for the runner and the checks.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dockerfilePath } from '../docker/images';
import { renderChart, type Manifest } from '../chart-tests/chart';
import { parseDockerfile } from '../docker/dockerfile';
import { CA_FILE, PODS_DIR, PROCESS_BASE_PORT, TLS_DIR, VALUES_FILE } from './layout';
import { planProcesses, type ProcessPlan } from './pods';

/** Secrets the values file names but the chart does not create: the CA and the site's certificate. */
export const CA_SECRET = 'upright-local-ca';
export const INGRESS_TLS_SECRET = 'upright-local-tls';

export interface StackPlan {
  manifests: Manifest[];
  migrate: ProcessPlan;
  deployments: ProcessPlan[];
}

/** Needs the TLS files (tls.sh) to exist: they are the external Secrets' keys. */
export function stackPlan(): StackPlan {
  const manifests = renderChart([VALUES_FILE]);
  const read = (file: string) => readFileSync(file, 'utf8');
  const { migrate, deployments } = planProcesses(manifests, {
    podsDir: PODS_DIR,
    basePort: PROCESS_BASE_PORT,
    external: {
      [CA_SECRET]: { 'ca.crt': read(CA_FILE) },
      [INGRESS_TLS_SECRET]: {
        'tls.crt': read(path.join(TLS_DIR, 'ingress.crt')),
        'tls.key': read(path.join(TLS_DIR, 'ingress.key')),
      },
    },
    dockerfile: parseDockerfile(read(dockerfilePath)),
  });
  if (!migrate) throw new Error('the rendered chart has no migration Job');
  return { manifests, migrate, deployments };
}

/** The Node processes (those with a Redis URL), by component. */
export function nodePlans(plan: StackPlan): ProcessPlan[] {
  return plan.deployments.filter((candidate) => candidate.env.REDIS_URL !== undefined);
}
