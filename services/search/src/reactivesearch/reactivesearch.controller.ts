import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type ResponseOf } from '@upright/contracts';
import { parseMessage } from '@upright/platform';
import {
  reactiveSearchBatchRequestSchema,
  reactiveSearchRequestSchema,
} from './reactivesearch.schemas';
import { ReactiveSearchService } from './reactivesearch.service';

@Controller()
export class ReactiveSearchController {
  constructor(private readonly service: ReactiveSearchService) {}

  @MessagePattern(Patterns.search.reactiveSearch)
  run(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.search.reactiveSearch>> {
    return this.service.run(parseMessage(reactiveSearchRequestSchema, data));
  }

  @MessagePattern(Patterns.search.reactiveSearchBatch)
  runBatch(
    @Payload() data: unknown,
  ): Promise<ResponseOf<typeof Patterns.search.reactiveSearchBatch>> {
    return this.service.runBatch(parseMessage(reactiveSearchBatchRequestSchema, data));
  }
}
