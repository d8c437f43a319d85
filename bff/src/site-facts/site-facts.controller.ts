import { Controller, Get } from '@nestjs/common';
import { Patterns, siteFactsAnswerSchema, type SiteFacts } from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import { PublicAnswer } from '../shared/public-answer.decorator';
import { Operation } from '../shared/operation.decorator';
import { siteFacts } from './site-facts';

/**
 * What the site ranks, counted live: the home statement and the industries
 * index. Kept once per data version like every public answer, so the industries' rankings are read
 * once per import, not once per visit.
 */
@Controller('api')
export class SiteFactsController {
  constructor(private readonly services: ServiceClient) {}

  @PublicAnswer({ domain: 'data', personal: false })
  @Get('facts')
  @Operation({
    summary: 'What the site ranks: companies, industries and issues counted, the latest period',
    answer: siteFactsAnswerSchema,
  })
  async facts(): Promise<SiteFacts> {
    const active = await this.services.request(Patterns.rankings.activeIndustries, {});
    const rankings = await Promise.all(
      active.map(({ industry }) =>
        this.services.request(Patterns.rankings.industryCompanies, { industry, period: null }),
      ),
    );
    return siteFacts(rankings);
  }
}
