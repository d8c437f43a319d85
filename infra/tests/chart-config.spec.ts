/**
 * The chart gives every process what it needs to start: the environment a Deployment renders
 * (ConfigMap, plain values, Secret keys, $(VAR) expansion as Kubernetes does it) must satisfy the
 * process's own config schema, with NODE_ENV=production and the production values.
 */
import { loadConfig } from '@upright/platform';
import type { z } from 'zod';
import { bffService } from '../../bff/src/service';
import { accountsService } from '../../services/accounts/src/service';
import { mailService } from '../../services/mail/src/service';
import { rankingsService } from '../../services/rankings/src/service';
import { reportsService } from '../../services/reports/src/service';
import { searchService } from '../../services/search/src/service';
import { componentOf, ofKind, renderChart, type Manifest } from './chart';

const SCHEMAS: Record<string, z.ZodType> = {
  bff: bffService.configSchema,
  accounts: accountsService.configSchema,
  rankings: rankingsService.configSchema,
  reports: reportsService.configSchema,
  mail: mailService.configSchema,
  search: searchService.configSchema,
};

const SECRETS = [
  'secrets.existingSecret=',
  'secrets.values.databaseAdminUrl=postgres://owner:pw@db.internal:5432/upright',
  'secrets.values.dbRolePassword=role-password-1',
  'secrets.values.redisUrl=rediss://redis.internal:6379',
  'secrets.values.opensearchUrl=https://search.internal:443',
  'secrets.values.smtpUrl=smtp://smtp.internal:587',
  `secrets.values.sessionCookieKey=${Buffer.alloc(32, 7).toString('base64')}`,
  `secrets.values.captchaHmacSecret=${'c'.repeat(40)}`,
  `secrets.values.unsubscribeSecret=${'u'.repeat(40)}`,
];

/** The environment Kubernetes gives the container: envFrom first, then env in order. */
function containerEnv(deployment: Manifest, manifests: Manifest[]): Record<string, string> {
  const container = deployment.spec.template.spec.containers[0];
  const byName = (kind: string, name: string) =>
    ofKind(manifests, kind).find((manifest) => manifest.metadata.name === name);
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    Object.assign(env, byName('ConfigMap', source.configMapRef.name)?.data);
  }
  for (const variable of container.env ?? []) {
    const reference = variable.valueFrom?.secretKeyRef;
    env[variable.name] = reference
      ? byName('Secret', reference.name)?.stringData[reference.key]
      : String(variable.value).replace(/\$\((\w+)\)/g, (whole, name: string) => env[name] ?? whole);
  }
  return env;
}

describe.each(['values.yaml', 'values-production.yaml'])(
  'every process accepts the environment the chart gives it (%s)',
  (valuesFile) => {
    const manifests = renderChart(valuesFile === 'values.yaml' ? [] : [valuesFile], SECRETS);
    const deployments = ofKind(manifests, 'Deployment').filter(
      (deployment) => componentOf(deployment) in SCHEMAS,
    );

    it('renders all six Node processes', () => {
      expect(deployments.map(componentOf).sort()).toEqual(Object.keys(SCHEMAS).sort());
    });

    it.each(Object.keys(SCHEMAS))('%s starts with it', (component) => {
      const deployment = deployments.find((candidate) => componentOf(candidate) === component)!;
      const env = containerEnv(deployment, manifests);
      expect(env.NODE_ENV).toBe('production');
      expect(() => loadConfig(SCHEMAS[component], env)).not.toThrow();
    });
  },
);
