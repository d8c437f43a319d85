import { Controller, Get } from '@nestjs/common';
import {
  methodologyExampleAnswerSchema,
  Patterns,
  type MethodologyExampleResponse,
} from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import { PublicAnswer } from '../shared/public-answer.decorator';
import { Operation } from '../shared/operation.decorator';

/**
 * docs/product/rules.md#s12: the methodology page's worked example, computed by the ranking engine.
 */
@Controller('api')
export class MethodologyController {
  constructor(private readonly services: ServiceClient) {}

  @PublicAnswer({ domain: 'data', personal: false })
  @Get('methodology/example')
  @Operation({
    summary: "The methodology's worked example, computed by the ranking engine",
    answer: methodologyExampleAnswerSchema,
  })
  example(): Promise<MethodologyExampleResponse> {
    return this.services.request(Patterns.rankings.methodologyExample, {});
  }
}
