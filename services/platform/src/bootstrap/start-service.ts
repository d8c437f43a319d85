import type { DynamicModule, INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceName } from '@upright/contracts';
import { RedisStreamsServer } from '@upright/transport';
import { Logger } from 'nestjs-pino';
import type { z } from 'zod';
import type { CommonConfig } from '../config/common-schema';
import { ConfigError, loadConfig } from '../config/load-config';
import { transportTrust } from '../client/transport-trust';
import { Metrics } from '../metrics/metrics';

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
  // reads bodies chooses its own in configureHttp (the BFF: JSON only).
  const app = await NestFactory.create(definition.appModule(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  try {
    app.useLogger(app.get(Logger));
    app.enableShutdownHooks();
    definition.configureHttp?.(app, config);
    if (definition.consumesMessages !== false) {
      const metrics = app.get(Metrics);
      app.connectMicroservice(
        {
          strategy: new RedisStreamsServer({
            redisUrl: config.REDIS_URL,
            keyPrefix: config.TRANSPORT_PREFIX,
            trust: transportTrust(definition.name, config),
            service: definition.name,
            onHandled: metrics.observeMessage,
            onReplay: metrics.observeReplay,
          }),
        },
        { inheritAppConfig: true },
      );
      await app.startAllMicroservices();
    }
  } catch (error) {
    // A process that cannot finish starting lets go of what it opened (connections, timers).
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

/** Entry point of every process: validated config, then the app on its HTTP port. */
export async function startService<S extends z.ZodType<CommonConfig>>(
  definition: ServiceDefinition<S>,
): Promise<INestApplication> {
  const config = loadConfigOrExit(definition.name, definition.configSchema);
  exitOnConfigError(definition.name, () => transportTrust(definition.name, config));
  const app = await createServiceApp(definition, config);
  await app.listen(config.HTTP_PORT, config.HTTP_HOST);
  return app;
}
