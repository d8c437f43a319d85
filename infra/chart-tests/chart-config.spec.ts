/**
 * The chart gives every process what it needs to start: the environment a Deployment renders
 * (ConfigMap, plain values, Secret keys, $(VAR) expansion as Kubernetes does it) must satisfy the
 * process's own config schema, with NODE_ENV=production and the production values.
 */
import { transportPeersOf, type TransportIdentity } from '@upright/contracts';
import { loadConfig, transportTrust, type CommonConfig } from '@upright/platform';
import type { z } from 'zod';
import { STACK } from '../stack/manifest';
import { containerEnv } from '../production/kubernetes';
import { componentOf, ofKind, redisUrlSets, renderChart, REQUIRED_VALUES } from './chart';

/**
 * Each process's config schema, from its entry point: `@upright/<name>` exports its definition
 * as `<name>Service` (the service skeleton), so the manifest alone names them.
 */
const SCHEMAS: Record<string, z.ZodType> = Object.fromEntries(
  STACK.map(({ name }) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const entry = require(`@upright/${name}`) as Record<string, { configSchema: z.ZodType }>;
    return [name, entry[`${name}Service`].configSchema];
  }),
);

/** Production values with a chart-created Secret (rediss:// on 6379, as ElastiCache's TLS port). */
const PRODUCTION_SECRETS = [
  'secrets.existingSecret=',
  ...REQUIRED_VALUES.filter(
    (set) =>
      set.startsWith('secrets.values.') &&
      !set.startsWith('secrets.values.redisUrls.') &&
      !set.startsWith('secrets.values.databaseAdminUrl='),
  ),
  // The production example's transport prefix names its Redis users, its RDS CA verifies fully.
  ...redisUrlSets('upright-prod'),
  'secrets.values.databaseAdminUrl=postgres://owner:pw@db.internal:5432/upright?sslmode=verify-full',
];

/** How each values file renders: the production example needs secrets; the local one has its own. */
const RENDERINGS: Record<string, () => ReturnType<typeof renderChart>> = {
  'values.yaml': () => renderChart(),
  'values-production.yaml': () => renderChart(['values-production.yaml'], PRODUCTION_SECRETS),
  // The configuration `make up-production` starts (infra/production).
  'values-local-production.yaml': () => renderChart(['values-local-production.yaml']),
};

describe.each(Object.keys(RENDERINGS))(
  'every process accepts the environment the chart gives it (%s)',
  (valuesFile) => {
    const manifests = RENDERINGS[valuesFile]();
    const deployments = ofKind(manifests, 'Deployment').filter(
      (deployment) => componentOf(deployment) in SCHEMAS,
    );

    it('renders all six Node processes', () => {
      expect(deployments.map(componentOf).sort()).toEqual(Object.keys(SCHEMAS).sort());
    });

    it.each(Object.keys(SCHEMAS))('%s starts with it', (component) => {
      const deployment = deployments.find((candidate) => componentOf(candidate) === component)!;
      const env = containerEnv(deployment.spec.template.spec.containers[0], manifests);
      expect(env.NODE_ENV).toBe('production');
      const config = loadConfig(SCHEMAS[component], env) as CommonConfig;
      // The transport identity it would start with: a key for every peer it talks to.
      const trust = transportTrust(component as TransportIdentity, config);
      expect(Object.keys(trust.keys).sort()).toEqual(
        [...transportPeersOf(component as TransportIdentity)].sort(),
      );
    });
  },
);
