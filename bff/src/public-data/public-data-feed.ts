import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { PublicDataFollower, SERVICE_CONFIG, type CommonConfig } from '@upright/platform';

/**
 * This replica's view of the public data versions and member changes (docs/product/rules.md#s11),
 * shared by the kept answers and the verified sessions.
 */
@Injectable()
export class PublicDataFeed implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(PublicDataFeed.name);
  readonly follower: PublicDataFollower;

  constructor(@Inject(SERVICE_CONFIG) config: CommonConfig) {
    this.follower = new PublicDataFollower({
      redisUrl: config.REDIS_URL,
      transportPrefix: config.TRANSPORT_PREFIX,
      connectionName: 'bff-public-data',
      onError: (error) => this.logger.warn(`Public data versions unreadable: ${String(error)}`),
    });
  }

  async onModuleInit(): Promise<void> {
    await this.follower.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.follower.stop();
  }
}
