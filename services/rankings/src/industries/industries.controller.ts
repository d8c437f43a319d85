import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type ResponseOf } from '@upright/contracts';
import { parseMessage } from '@upright/platform';
import { IndustriesRepository } from './industries.repository';
import { IndustriesService } from './industries.service';
import { industryRequestSchema } from './industries.schemas';

@Controller()
export class IndustriesController {
  constructor(
    private readonly industries: IndustriesRepository,
    private readonly service: IndustriesService,
  ) {}

  @MessagePattern(Patterns.rankings.activeIndustries)
  active(): Promise<ResponseOf<typeof Patterns.rankings.activeIndustries>> {
    return this.industries.findActive();
  }

  @MessagePattern(Patterns.rankings.industry)
  industry(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.rankings.industry>> {
    return this.service.get(parseMessage(industryRequestSchema, data).industry);
  }
}
