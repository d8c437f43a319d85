import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type ResponseOf } from '@upright/contracts';
import { parseMessage } from '@upright/platform';
import { ComparisonService } from './comparison.service';
import {
  companyHistoryRequestSchema,
  comparisonRequestSchema,
  industryHistoryRequestSchema,
} from './history.schemas';
import { HistoryService } from './history.service';

@Controller()
export class HistoryController {
  constructor(
    private readonly history: HistoryService,
    private readonly comparison: ComparisonService,
  ) {}

  @MessagePattern(Patterns.rankings.industryHistory)
  industryHistory(
    @Payload() data: unknown,
  ): Promise<ResponseOf<typeof Patterns.rankings.industryHistory>> {
    return this.history.industryHistory(parseMessage(industryHistoryRequestSchema, data));
  }

  @MessagePattern(Patterns.rankings.companyHistory)
  companyHistory(
    @Payload() data: unknown,
  ): Promise<ResponseOf<typeof Patterns.rankings.companyHistory>> {
    return this.history.companyHistory(parseMessage(companyHistoryRequestSchema, data));
  }

  @MessagePattern(Patterns.rankings.comparison)
  compare(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.rankings.comparison>> {
    return this.comparison.compare(parseMessage(comparisonRequestSchema, data));
  }
}
