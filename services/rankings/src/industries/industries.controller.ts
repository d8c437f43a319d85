import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Patterns, type ResponseOf } from '@upright/contracts';
import { IndustriesRepository } from './industries.repository';

@Controller()
export class IndustriesController {
  constructor(private readonly industries: IndustriesRepository) {}

  @MessagePattern(Patterns.rankings.activeIndustries)
  active(): Promise<ResponseOf<typeof Patterns.rankings.activeIndustries>> {
    return this.industries.findActive();
  }
}
