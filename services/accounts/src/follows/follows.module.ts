import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { FollowsController } from './follows.controller';
import { FollowsRepository } from './follows.repository';
import { FollowsService } from './follows.service';
import { RankAlertsWorker } from './rank-alerts.worker';

/** Followed companies and the rank alerts of a new period (the `rank-alerts` queue). */
@Module({
  imports: [MailModule],
  controllers: [FollowsController],
  providers: [FollowsService, FollowsRepository, RankAlertsWorker],
})
export class FollowsModule {}
