import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { ReadinessRegistry } from '../health/readiness-registry';

export const PLATFORM_CONFIG = Symbol('PLATFORM_CONFIG');
export interface PlatformConfig {
  service: string;
  redisUrl: string;
  logLevel: string;
  transportPrefix: string;
}

/** A plain Redis connection for readiness probes and small keyed state (rate limits, caches). */
@Injectable()
export class RedisConnection implements OnModuleInit, OnApplicationShutdown {
  readonly redis: Redis;

  constructor(
    @Inject(PLATFORM_CONFIG) config: PlatformConfig,
    private readonly readiness: ReadinessRegistry,
  ) {
    this.redis = new Redis(config.redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 2,
      connectionName: `${config.service}-platform`,
    });
    // ioredis reconnects by itself; an error event without a listener would crash the process.
    this.redis.on('error', () => undefined);
  }

  async onModuleInit(): Promise<void> {
    this.readiness.register({ name: 'redis', check: async () => void (await this.redis.ping()) });
    await this.redis.connect().catch(() => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
