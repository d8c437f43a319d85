/**
 * The chart gives every process what it needs to start: the environment a Deployment renders
 * (ConfigMap, plain values, Secret keys, $(VAR) expansion as Kubernetes does it) must satisfy the
 * process's own config schema, with NODE_ENV=production and the production values.
 */
import { transportPeersOf, type TransportIdentity } from '@upright/contracts';
import { loadConfig, transportTrust, type CommonConfig } from '@upright/platform';
import type { z } from 'zod';
import { STACK } from '../stack/manifest';
import { componentOf, ofKind, renderChart, REQUIRED_VALUES, type Manifest } from './chart';

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
  ...REQUIRED_VALUES.filter((set) => set.startsWith('secrets.values.')),
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
    const manifests =
      valuesFile === 'values.yaml' ? renderChart() : renderChart([valuesFile], PRODUCTION_SECRETS);
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
      const config = loadConfig(SCHEMAS[component], env) as CommonConfig;
      // The transport identity it would start with: a key for every peer it talks to.
      const trust = transportTrust(component as TransportIdentity, config);
      expect(Object.keys(trust.keys).sort()).toEqual(
        [...transportPeersOf(component as TransportIdentity)].sort(),
      );
    });
  },
);
