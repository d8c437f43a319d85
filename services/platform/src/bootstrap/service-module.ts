import { DynamicModule, Module, Type } from '@nestjs/common';
import { APP_FILTER, BaseExceptionFilter, HttpAdapterHost } from '@nestjs/core';
import type { ServiceName } from '@upright/contracts';
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
    PlatformModule.forRoot(name, config),
    ConfigModule.forRoot(SERVICE_CONFIG, config),
    QueueWorkersModule,
  ];
  if (options.database) {
    if (!config.DATABASE_URL)
      throw new Error(`${name}: a service with a database needs DATABASE_URL`);
    imports.push(DatabaseModule.forRoot(options.database, config as DatabaseConfig));
  }
  return { module: ServiceRootModule, imports: [...imports, ...options.features] };
}

export const schemaOwningConfigSchema = commonConfigSchema.extend(databaseConfigSchema.shape);
export type SchemaOwningConfig = z.infer<typeof schemaOwningConfigSchema>;

/** The definition of a service that owns a Postgres schema: common + database config, its features. */
export function schemaOwningService(
  name: ServiceName,
  database: NonNullable<ServiceModuleOptions['database']>,
  features: (config: SchemaOwningConfig) => Array<Type | DynamicModule>,
): ServiceDefinition<typeof schemaOwningConfigSchema> {
  return {
    name,
    configSchema: schemaOwningConfigSchema,
    appModule: (config) => serviceModule(name, config, { database, features: features(config) }),
  };
}
