import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { CommonConfig } from '../config/common-schema';
import { loadConfig } from '../config/load-config';
import { createServiceApp, type ServiceDefinition } from '../bootstrap/start-service';
import type { TransportIdentity } from '@upright/contracts';
import { RedisStreamsClient } from '@upright/transport';
import { ServiceClient } from '../client/service-client';
import { transportTrust } from '../client/transport-trust';

/**
 * Integration-test helpers: real apps on real Redis and Postgres, each test file isolated by
 * its own transport prefix so files never see each other's messages.
 */
export function uniqueTransportPrefix(label: string): string {
  return `test-${label}-${randomUUID().slice(0, 8)}`;
}

export interface StartedApp {
  app: INestApplication;
  url: string;
}

export async function startTestApp<S extends z.ZodType<CommonConfig>>(
  definition: ServiceDefinition<S>,
  env: Record<string, string>,
): Promise<StartedApp> {
  const config = loadConfig(definition.configSchema, {
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    HTTP_PORT: '1',
    // A process with an operations port of its own (the BFF's metrics and health) takes any free
    // one, so that replicas and files running side by side never collide.
    OPS_PORT: '0',
    ...env,
  });
  const app = await createServiceApp(definition, config);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return { app, url: `http://127.0.0.1:${address.port}` };
}

/**
 * A ServiceClient that speaks as `identity` (with the development keys), for a test that plays a
 * process it does not start, e.g. search paging documents. Close it with onApplicationShutdown().
 */
export async function serviceClientAs(
  identity: TransportIdentity,
  env: { REDIS_URL: string; TRANSPORT_PREFIX: string },
): Promise<ServiceClient> {
  const transport = new RedisStreamsClient({
    redisUrl: env.REDIS_URL,
    keyPrefix: env.TRANSPORT_PREFIX,
    trust: transportTrust(identity, { NODE_ENV: 'test' }),
  });
  await transport.connect();
  return new ServiceClient(transport);
}

/** Connection settings of the test database and Redis (set by the integration global setup). */
export function testInfra() {
  return {
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    databaseUrl(service: string): string {
      const base = process.env.TEST_DATABASE_HOST_URL ?? 'postgres://127.0.0.1:5432';
      const url = new URL(`${base}/${process.env.TEST_DATABASE_NAME ?? 'upright_test'}`);
      url.username = `upright_${service}`;
      // Each role has its own password (infra/local/migrate.ts; local values in local.env).
      url.password =
        process.env[`${service.toUpperCase()}_DB_PASSWORD`] ?? `upright-local-${service}`;
      return url.toString();
    },
    adminUrl(): string {
      return (
        process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/upright_test'
      );
    },
  };
}
