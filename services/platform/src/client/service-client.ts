import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { EventMap, EventName, Pattern, RequestOf, ResponseOf } from '@upright/contracts';
import { RedisStreamsClient } from '@upright/transport';
import { lastValueFrom } from 'rxjs';

/**
 * Typed calls to other services. The pattern decides the service (its prefix) and the
 * payload types (contracts' RequestMap), so a call cannot drift from its handler's contract.
 */
@Injectable()
export class ServiceClient implements OnApplicationShutdown {
  constructor(private readonly transport: RedisStreamsClient) {}

  request<P extends Pattern>(pattern: P, data: RequestOf<P>): Promise<ResponseOf<P>> {
    return lastValueFrom(this.transport.send<ResponseOf<P>, RequestOf<P>>(pattern, data));
  }

  async emit<E extends EventName>(event: E, data: EventMap[E]): Promise<void> {
    await lastValueFrom(this.transport.emit(event, data), { defaultValue: undefined });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.transport.close();
  }
}
