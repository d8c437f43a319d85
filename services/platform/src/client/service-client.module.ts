import { DynamicModule, Global, Module } from '@nestjs/common';
import { RedisStreamsClient } from '@upright/transport';
import type { TransportIdentity } from '@upright/contracts';
import { PLATFORM_CONFIG, type PlatformConfig } from '../bootstrap/redis-connection';
import type { CommonConfig } from '../config/common-schema';
import { transportTrust } from './transport-trust';
import { ServiceClient } from './service-client';

@Global()
@Module({})
export class ServiceClientModule {
  static forRoot(config: CommonConfig): DynamicModule {
    return {
      module: ServiceClientModule,
      providers: [
        {
          provide: RedisStreamsClient,
          // The client speaks as the process PlatformModule was started for.
          inject: [PLATFORM_CONFIG],
          useFactory: async (platform: PlatformConfig) => {
            const client = new RedisStreamsClient({
              redisUrl: config.REDIS_URL,
              keyPrefix: config.TRANSPORT_PREFIX,
              trust: transportTrust(platform.service as TransportIdentity, config),
              defaultDeadlineMs: config.REQUEST_DEADLINE_MS,
            });
            await client.connect();
            return client;
          },
        },
        ServiceClient,
      ],
      exports: [ServiceClient],
    };
  }
}
