import { DynamicModule, Global, Module } from '@nestjs/common';
import { RedisStreamsClient } from '@upright/transport';
import type { CommonConfig } from '../config/common-schema';
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
          useFactory: async () => {
            const client = new RedisStreamsClient({
              redisUrl: config.REDIS_URL,
              keyPrefix: config.TRANSPORT_PREFIX,
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
