import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { Events, type EventMap } from '@upright/contracts';
import { AveragesCache } from './averages-cache';

@Controller()
export class AveragesController {
  constructor(private readonly averages: AveragesCache) {}

  @EventPattern(Events.accounts.averagesChanged)
  changed(@Payload() averages: EventMap[typeof Events.accounts.averagesChanged]): void {
    this.averages.apply(averages);
  }
}
