import { DynamicModule, Global, Module } from '@nestjs/common';
import type { CommonConfig } from '../config/common-schema';
import { HealthController } from '../health/health.controller';
import { ReadinessRegistry } from '../health/readiness-registry';
import { structuredLogging } from '../logging/logger.module';
import { DependencyMetrics } from '../metrics/dependency-metrics';
import { Metrics } from '../metrics/metrics';
import { MetricsController } from '../metrics/metrics.controller';
import { PublicData } from '../public-data/public-data';
import { PLATFORM_CONFIG, PlatformConfig, RedisConnection } from './redis-connection';

/**
 * What every Upright process has: JSON logs, /health/live, /health/ready, /metrics. A process
 * whose HTTP port is public (`operationsOnOwnPort`: the BFF) mounts no route for them: it answers
 * them on a port of its own (`operationsListener`).
 */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(
    service: string,
    config: CommonConfig,
    options: { operationsOnOwnPort?: boolean } = {},
  ): DynamicModule {
    const platformConfig: PlatformConfig = {
      service,
      redisUrl: config.REDIS_URL,
      logLevel: config.LOG_LEVEL,
      transportPrefix: config.TRANSPORT_PREFIX,
    };
    return {
      module: PlatformModule,
      imports: [structuredLogging(service, config)],
      controllers: options.operationsOnOwnPort ? [] : [HealthController, MetricsController],
      providers: [
        { provide: PLATFORM_CONFIG, useValue: platformConfig },
        { provide: Metrics, useValue: new Metrics(service) },
        ReadinessRegistry,
        RedisConnection,
        DependencyMetrics,
        PublicData,
      ],
      exports: [Metrics, ReadinessRegistry, RedisConnection, PublicData, PLATFORM_CONFIG],
    };
  }
}
