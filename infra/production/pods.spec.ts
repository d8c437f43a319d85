import { readFileSync } from 'node:fs';
import { dockerfilePath } from '../docker/images';
import { renderChart } from '../chart-tests/chart';
import { parseDockerfile } from '../docker/dockerfile';
import { VALUES_FILE } from './layout';
import { planProcesses } from './pods';

describe('the chart’s pods as processes of this machine', () => {
  const { migrate, deployments } = planProcesses(renderChart([VALUES_FILE]), {
    podsDir: '/pods',
    basePort: 9000,
    external: { 'upright-local-ca': { 'ca.crt': 'CA PEM' } },
    dockerfile: parseDockerfile(readFileSync(dockerfilePath, 'utf8')),
  });
  const accounts = deployments.find((plan) => plan.component === 'accounts')!;

  it('gives each process the image’s and the chart’s environment, in production mode', () => {
    expect(accounts.env.NODE_ENV).toBe('production');
    expect(accounts.env.WORKSPACE).toBe('services/accounts');
    expect(accounts.env.REDIS_URL).toMatch(/^rediss:\/\/upright-prod-accounts:/);
    expect(migrate!.env.NODE_ENV).toBe('production');
  });

  it('puts mounted files under the pod’s directory and names them there', () => {
    expect(accounts.env.DATABASE_URL).toContain(
      'sslrootcert=/pods/accounts/etc/upright/tls/postgres/ca.crt',
    );
    expect(accounts.env.NODE_EXTRA_CA_CERTS).toBe('/pods/accounts/etc/upright/tls/bundle/ca.crt');
    expect(accounts.files).toContainEqual({
      path: '/pods/accounts/etc/upright/tls/redis/ca.crt',
      contents: 'CA PEM',
    });
    expect(accounts.initCommands[0].command.join(' ')).toContain(
      '> /pods/accounts/etc/upright/tls/bundle/ca.crt',
    );
  });

  it('gives each declared port a port of its own, and the probe and HTTP_PORT follow it', () => {
    const ports = deployments.map((plan) => plan.ports.http);
    expect(new Set(ports).size).toBe(deployments.length);
    expect(accounts.env.HTTP_PORT).toBe(String(accounts.ports.http));
    expect(accounts.env.HTTP_HOST).toBe('127.0.0.1');
    expect(accounts.readiness).toEqual({ path: '/health/ready', port: accounts.ports.http });
  });

  it('refuses a pod whose mounted Secret exists nowhere (Kubernetes would not start it)', () => {
    expect(() =>
      planProcesses(renderChart([VALUES_FILE]), {
        podsDir: '/pods',
        basePort: 9000,
        external: {},
        dockerfile: parseDockerfile(readFileSync(dockerfilePath, 'utf8')),
      }),
    ).toThrow('Secret upright-local-ca has no key ca.crt');
  });
});
