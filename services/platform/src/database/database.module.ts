import {
  DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  OnApplicationShutdown,
} from '@nestjs/common';
import type { PrismaPg } from '@prisma/adapter-pg';
import type { DatabaseConfig } from '../config/common-schema';
import { ReadinessRegistry } from '../health/readiness-registry';
import { Metrics } from '../metrics/metrics';
import { createPgAdapter, registerPoolMetrics, registerPostgresReadiness } from './postgres';

/** Injection token of a service's Prisma client: `@Inject(DATABASE) db: PrismaClient`. */
export const DATABASE = Symbol('DATABASE');

interface PrismaLike {
  $queryRawUnsafe(query: string): Promise<unknown>;
  $disconnect(): Promise<void>;
}
type PrismaClass<T extends PrismaLike> = new (options: { adapter: PrismaPg }) => T;

@Injectable()
class DatabaseLifecycle implements OnApplicationShutdown {
  constructor(@Inject(DATABASE) private readonly client: PrismaLike) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client.$disconnect();
  }
}

/** One Prisma client per process, on the pg driver adapter, with a readiness check. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot<T extends PrismaLike>(
    Client: PrismaClass<T>,
    config: DatabaseConfig,
  ): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        {
          provide: DATABASE,
          inject: [ReadinessRegistry, Metrics],
          useFactory: (readiness: ReadinessRegistry, metrics: Metrics) => {
            const adapter = createPgAdapter(config);
            const client = new Client({ adapter });
            registerPostgresReadiness(readiness, client);
            registerPoolMetrics(metrics, adapter, config);
            return client;
          },
        },
        DatabaseLifecycle,
      ],
      exports: [DATABASE],
    };
  }
}
