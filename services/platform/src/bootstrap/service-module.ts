import { DynamicModule, Module, Type } from '@nestjs/common';
import { APP_FILTER, BaseExceptionFilter, HttpAdapterHost } from '@nestjs/core';
import type { z } from 'zod';
import {
  commonConfigSchema,
  databaseConfigSchema,
  type CommonConfig,
  type DatabaseConfig,
} from '../config/common-schema';
import { ConfigModule, SERVICE_CONFIG } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { RemoteFailureFilter } from '../messages/remote-failure.filter';
import { QueueWorkersModule } from '../queues/queue-worker';
import { PlatformModule } from './platform.module';
import type { ServiceDefinition } from './start-service';

interface ServiceModuleOptions {
  /** The service's generated Prisma client class, when it owns a schema. */
  database?: Parameters<typeof DatabaseModule.forRoot>[0];
  features: Array<Type | DynamicModule>;
  /** False for the BFF: no message handlers, its own HTTP error filter. */
  consumesMessages?: boolean;
  /** True for the BFF: metrics and health on a port of their own, no route on the public one. */
  operationsOnOwnPort?: boolean;
}

/**
 * A handler that calls another service answers that service's error, or its absence (503/504),
 * as its own, whichever controller it is in.
 */
@Module({
  providers: [
    {
      provide: APP_FILTER,
      inject: [HttpAdapterHost],
      useFactory: (adapter: HttpAdapterHost) =>
        new RemoteFailureFilter(new BaseExceptionFilter(adapter.httpAdapter)),
    },
  ],
})
class ServiceRootModule {}

@Module({})
class HttpOnlyRootModule {}

/**
 * The root module of a service: platform pieces, its config under SERVICE_CONFIG,
 * its database when it has one, the Workers of its `@QueueWorker` consumers, and its feature
 * modules.
 */
export function serviceModule(
  name: string,
  config: CommonConfig & Partial<DatabaseConfig>,
  options: ServiceModuleOptions,
): DynamicModule {
  const imports: Array<Type | DynamicModule> = [
    PlatformModule.forRoot(name, config, { operationsOnOwnPort: options.operationsOnOwnPort }),
    ConfigModule.forRoot(SERVICE_CONFIG, config),
    QueueWorkersModule,
  ];
  if (options.database) {
    if (!config.DATABASE_URL)
      throw new Error(`${name}: a service with a database needs DATABASE_URL`);
    imports.push(DatabaseModule.forRoot(options.database, config as DatabaseConfig));
  }
  const module = options.consumesMessages === false ? HttpOnlyRootModule : ServiceRootModule;
  return { module, imports: [...imports, ...options.features] };
}

export const schemaOwningConfigSchema = commonConfigSchema.extend(databaseConfigSchema.shape);
export type SchemaOwningConfig = z.infer<typeof schemaOwningConfigSchema>;

/** What a process's `service.ts` says about it; `defineService` makes its definition. */
export interface ServiceSpec<S extends z.ZodType<CommonConfig>> {
  name: ServiceDefinition<S>['name'];
  /** The process's one config schema (its `config.ts`), injectable as SERVICE_CONFIG. */
  configSchema: S;
  /** The generated Prisma client class of a service that owns a Postgres schema. */
  database?: ServiceModuleOptions['database'];
  /** Its feature modules (and the platform modules that need the config). */
  features: (config: z.infer<S>) => Array<Type | DynamicModule>;
  consumesMessages?: boolean;
  operationsOnOwnPort?: boolean;
  configureHttp?: ServiceDefinition<S>['configureHttp'];
}

/** The definition every process's `service.ts` exports and its `main.ts` starts. */
export function defineService<S extends z.ZodType<CommonConfig>>(
  spec: ServiceSpec<S>,
): ServiceDefinition<S> {
  const { name, configSchema, database, features, consumesMessages, configureHttp } = spec;
  const { operationsOnOwnPort } = spec;
  return {
    name,
    configSchema,
    consumesMessages,
    configureHttp,
    appModule: (config) =>
      serviceModule(name, config, {
        database,
        features: features(config),
        consumesMessages,
        operationsOnOwnPort,
      }),
  };
}
