import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Metrics, PublicDataFollower, SERVICE_CONFIG, type CommonConfig } from '@upright/platform';

/**
 * This replica's view of the public data versions and member changes (docs/product/rules.md#s11),
 * shared by the kept answers and the verified sessions.
 */
@Injectable()
export class PublicDataFeed implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(PublicDataFeed.name);
  readonly follower: PublicDataFollower;

  constructor(@Inject(SERVICE_CONFIG) config: CommonConfig, metrics: Metrics) {
    this.follower = new PublicDataFollower({
      redisUrl: config.REDIS_URL,
      transportPrefix: config.TRANSPORT_PREFIX,
      connectionName: 'bff-public-data',
      onError: (error) => this.logger.warn(`Public data versions unreadable: ${String(error)}`),
    });
    // Whether this replica stopped serving old bytes within the second of
    // docs/product/rules.md#s11, by its own account: the alert UprightOldAnswersServed and the
    // crowd harness read these.
    metrics.sampledGauge(
      'upright_public_versions_lag_seconds',
      'From the last version move announced to this replica applying it (0: none yet)',
      () => {
        const move = this.follower.lastAppliedMove;
        return move === null ? 0 : (move.appliedAtMs - move.announcedAtMs) / 1000;
      },
    );
    metrics.sampledGauge(
      'upright_public_versions_applied_timestamp_seconds',
      'When this replica applied the last version move (Unix time; 0: none yet)',
      () => (this.follower.lastAppliedMove?.appliedAtMs ?? 0) / 1000,
    );
  }

  async onModuleInit(): Promise<void> {
    await this.follower.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.follower.stop();
  }
}
