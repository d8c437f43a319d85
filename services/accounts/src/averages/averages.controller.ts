import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Patterns, type ResponseOf } from '@upright/contracts';
import { AveragesService } from './averages.service';

@Controller()
export class AveragesController {
  constructor(private readonly averages: AveragesService) {}

  /** The published averages: polled by rankings and answered for `GET /api/averages`. */
  @MessagePattern(Patterns.accounts.averages)
  get(): Promise<ResponseOf<typeof Patterns.accounts.averages>> {
    return this.averages.published();
  }

  /** The crowd's weights in the open: count, date and history (hidden below the minimum). */
  @MessagePattern(Patterns.accounts.averagesHistory)
  history(): Promise<ResponseOf<typeof Patterns.accounts.averagesHistory>> {
    return this.averages.crowd();
  }
}
