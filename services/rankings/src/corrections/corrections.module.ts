import { Module } from '@nestjs/common';
import { mailQueueJobs } from '@upright/contracts';
import { QueueProducerModule } from '@upright/platform';
import { CompaniesModule } from '../companies/companies.module';
import { RankingsCacheModule } from '../rankings-cache/rankings-cache.module';
import { CorrectionMail } from './correction-mail.queue';
import { CorrectionsController } from './corrections.controller';
import { CorrectionsRepository } from './corrections.repository';
import { CorrectionsService } from './corrections.service';

@Module({
  imports: [
    CompaniesModule,
    RankingsCacheModule,
    QueueProducerModule.register(mailQueueJobs.rankings),
  ],
  controllers: [CorrectionsController],
  providers: [CorrectionsRepository, CorrectionsService, CorrectionMail],
})
export class CorrectionsModule {}
