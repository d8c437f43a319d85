import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { EventMap, EventName, Pattern, RequestOf, ResponseOf } from '@upright/contracts';
import { RedisStreamsClient, withDeadline } from '@upright/transport';
import { lastValueFrom } from 'rxjs';

/**
 * Typed calls to other services. The pattern decides the service (its prefix) and the
 * payload types (contracts' RequestMap), so a call cannot drift from its handler's contract.
 */
@Injectable()
export class ServiceClient implements OnApplicationShutdown {
  constructor(private readonly transport: RedisStreamsClient) {}

  /**
   * `deadlineMs`: for the few calls whose work may outlast the transport's default deadline
   * (the editors' desk merging a correction into a large draft, decision 0077).
   */
  request<P extends Pattern>(
    pattern: P,
    data: RequestOf<P>,
    options: { deadlineMs?: number } = {},
  ): Promise<ResponseOf<P>> {
    const payload =
      options.deadlineMs === undefined ? data : withDeadline(data, options.deadlineMs);
    return lastValueFrom(this.transport.send<ResponseOf<P>, unknown>(pattern, payload));
  }

  async emit<E extends EventName>(event: E, data: EventMap[E]): Promise<void> {
    await lastValueFrom(this.transport.emit(event, data), { defaultValue: undefined });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.transport.close();
  }
}
