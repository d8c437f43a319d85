import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { ReadinessRegistry } from '../health/readiness-registry';

export const PLATFORM_CONFIG = Symbol('PLATFORM_CONFIG');
export interface PlatformConfig {
  service: string;
  redisUrl: string;
  logLevel: string;
  transportPrefix: string;
}

/** Redis's answers to a user it does not know, a wrong password, or a command the user may not run. */
const REFUSED_USER = /^(WRONGPASS|NOPERM|NOAUTH)\b/;

/** The user a Redis URL signs in as: its username, or Redis's `default` when it has none. */
function redisUserOf(redisUrl: string): string {
  return decodeURIComponent(new URL(redisUrl).username) || 'default';
}

/** A plain Redis connection for readiness probes and small keyed state (rate limits, caches). */
@Injectable()
export class RedisConnection implements OnModuleInit, OnApplicationShutdown {
  readonly redis: Redis;
  private readonly logger = new Logger('Redis');
  private refusalReported = false;

  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly readiness: ReadinessRegistry,
  ) {
    // Connects as it is made (at NestFactory.create), not in onModuleInit: a service's consumer
    // waits for Redis before Nest runs any onModuleInit (a hybrid app initialises at listen),
    // so a refused user is named before that wait.
    this.redis = new Redis(config.redisUrl, {
      maxRetriesPerRequest: 2,
      connectionName: `${config.service}-platform`,
    });
    // ioredis reconnects by itself; an error event without a listener would crash the process.
    this.redis.on('error', (error: Error) => this.reportRefusedUser(error));
    // A user without a command's permission still signs in (NOPERM comes with the first
    // command), so one command at start-up tells it apart. A Redis that is away fails it
    // quietly, and is waited for like any outage.
    this.redis.ping().catch((error: unknown) => this.reportRefusedUser(error));
  }

  onModuleInit(): void {
    this.readiness.register({ name: 'redis', check: async () => void (await this.redis.ping()) });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /**
   * A refused user is a fault of the Secret or of the Redis users, which no reconnect mends;
   * every retry fails the same way, so one line says whom Redis refused and what to check.
   * The URL's password is never in it.
   */
  private reportRefusedUser(error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    if (this.refusalReported || !REFUSED_USER.test(reason)) return;
    this.refusalReported = true;
    this.logger.error(
      `Redis refused user "${redisUserOf(this.config.redisUrl)}" of REDIS_URL (${reason}): ` +
        `check that this user exists with the password of REDIS_URL and the rules of its ` +
        `component, as the "Redis users" section of charts/upright/README.md prints them`,
    );
  }
}
