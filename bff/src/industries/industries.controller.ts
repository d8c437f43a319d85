import { Controller, Get } from '@nestjs/common';
import { Patterns } from '@upright/contracts';
import { ServiceClient } from '@upright/platform';

@Controller('api')
export class IndustriesController {
  constructor(private readonly services: ServiceClient) {}

  /** Spec §7: the active industries. */
  @Get('active')
  active() {
    return this.services.request(Patterns.rankings.activeIndustries, {});
  }
}
