import { type DynamicModule, type INestApplication, Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import express from 'express';
import type { ServiceName } from '@upright/contracts';
import { RedisStreamsServer } from '@upright/transport';
import { Logger } from 'nestjs-pino';
import type { z } from 'zod';
import type { CommonConfig } from '../config/common-schema';
import { ConfigError, loadConfig } from '../config/load-config';
import { transportTrust } from '../client/transport-trust';
import { ReadinessRegistry } from '../health/readiness-registry';
import { Metrics } from '../metrics/metrics';
import { flushTraces, nameTracedProcess } from '../tracing/process';
import { addAcceptSockets } from './accept-sockets';
import { drainOnSignals, HttpDrain } from './drain';

/** node:net's ListenOptions of Node 24 (`reusePort` came in 22.12; the typings are Node 20's). */
export interface HttpListenOptions {
  port: number;
  host: string;
  backlog: number;
  reusePort: boolean;
}

/** The HTTP half of each app's drain, for the sockets `startService` adds once it listens. */
const httpDrains = new WeakMap<INestApplication, HttpDrain>();

/**
 * How long a drain waits for HTTP responses and message handlers in flight before it cuts
 * them; the chart's terminationGracePeriodSeconds covers its preStop pause plus this.
 */
export const DRAIN_GRACE_MS = 10_000;

export interface ServiceDefinition<S extends z.ZodType<CommonConfig>> {
  name: ServiceName | 'bff';
  configSchema: S;
  appModule(config: z.infer<S>): DynamicModule;
  /** BFF: no request stream of its own, it only calls services. */
  consumesMessages?: boolean;
  configureHttp?(app: INestApplication, config: z.infer<S>): void;
}

/** Reads config first so a bad variable stops the process before anything connects. */
export function loadConfigOrExit<S extends z.ZodType>(name: string, schema: S): z.infer<S> {
  return exitOnConfigError(name, () => loadConfig(schema));
}

/** Runs a configuration check; a ConfigError ends the process with EX_CONFIG, naming the variable. */
function exitOnConfigError<T>(name: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(JSON.stringify({ level: 'fatal', service: name, msg: error.message }));
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

export async function createServiceApp<S extends z.ZodType<CommonConfig>>(
  definition: ServiceDefinition<S>,
  config: z.infer<S>,
): Promise<INestApplication> {
  // No default parsers (Nest's include urlencoded, i.e. cross-site HTML forms): a process that
  // reads bodies chooses its own in configureHttp (the BFF: JSON only). Routes match as written
  // (`/api/ACTIVE` is no route): Express reads the setting when it makes its router.
  const app = await NestFactory.create(
    definition.appModule(config),
    new ExpressAdapter(express().enable('case sensitive routing')),
    { bufferLogs: true, bodyParser: false },
  );
  try {
    app.useLogger(app.get(Logger));
    // Nest holds every line until the HTTP port listens; a consumer waiting for a Redis that
    // refuses its user never gets there, and the line saying why would stay unwritten.
    app.flushLogs();
    let consumer: RedisStreamsServer | undefined;
    definition.configureHttp?.(app, config);
    // After configureHttp, which may wrap the server's request listeners (the BFF's edge).
    const http = new HttpDrain(app.getHttpServer());
    httpDrains.set(app, http);
    if (definition.consumesMessages !== false) {
      const metrics = app.get(Metrics);
      consumer = new RedisStreamsServer({
        redisUrl: config.REDIS_URL,
        keyPrefix: config.TRANSPORT_PREFIX,
        trust: transportTrust(definition.name, config),
        service: definition.name,
        concurrency: config.TRANSPORT_CONCURRENCY,
        shutdownGraceMs: DRAIN_GRACE_MS,
        onHandled: metrics.observeMessage,
        onReplay: metrics.observeReplay,
        onExpired: metrics.observeExpired,
      });
      app.connectMicroservice({ strategy: consumer }, { inheritAppConfig: true });
      await app.startAllMicroservices();
    }
    drainWhenSignalled(app, http, consumer);
  } catch (error) {
    // A process that cannot finish starting lets go of what it opened (connections, timers).
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

/**
 * SIGTERM (a rolling restart) drains instead of stopping (decision 0051): readiness goes
 * false, HTTP stops accepting and finishes its responses with `Connection: close`, the consumer
 * reads no more and finishes its handlers, then Nest closes the rest and the process exits.
 */
function drainWhenSignalled(
  app: INestApplication,
  http: HttpDrain,
  consumer: RedisStreamsServer | undefined,
): void {
  const logger = new NestLogger('Drain');
  const removeListeners = drainOnSignals({
    stopReadiness: () => app.get(ReadinessRegistry).startDraining(),
    finishWork: async () => {
      await Promise.all([http.drain(DRAIN_GRACE_MS), consumer?.close()]);
    },
    // The spans of the drain's last requests leave before the process does.
    release: async () => {
      await app.close();
      await flushTraces();
    },
    log: (message) => logger.log(message),
  });
  // An app closed by its owner (tests) leaves no listener behind on the process.
  const close = app.close.bind(app);
  app.close = async () => {
    removeListeners();
    await close();
  };
}

/** Entry point of every process: validated config, then the app on its HTTP port. */
export async function startService<S extends z.ZodType<CommonConfig>>(
  definition: ServiceDefinition<S>,
): Promise<INestApplication> {
  const config = loadConfigOrExit(definition.name, definition.configSchema);
  nameTracedProcess(definition.name);
  exitOnConfigError(definition.name, () => transportTrust(definition.name, config));
  const app = await createServiceApp(definition, config);
  // Nest hands its argument to http.Server#listen, which takes an options object too (its
  // typings say a port); `reusePort` lets the added accept sockets share the port.
  const listen = app.listen.bind(app) as unknown as (
    options: HttpListenOptions,
  ) => Promise<unknown>;
  const { HTTP_HOST: host, HTTP_BACKLOG: backlog, HTTP_ACCEPT_SOCKETS: sockets } = config;
  await listen({ port: config.HTTP_PORT, host, backlog, reusePort: sockets > 1 });
  const closeAdded = await addAcceptSockets(app.getHttpServer(), { host, backlog, sockets });
  httpDrains.get(app)?.alsoStopAccepting(closeAdded);
  const close = app.close.bind(app);
  app.close = async () => {
    closeAdded();
    await close();
  };
  return app;
}
