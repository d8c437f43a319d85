import { Module } from '@nestjs/common';
import { AveragesModule } from '../averages/averages.module';
import { MembersModule } from '../members/members.module';
import { SessionsModule } from '../sessions/sessions.module';
import { PrioritiesController } from './priorities.controller';
import { PrioritiesRepository } from './priorities.repository';
import { PrioritiesService } from './priorities.service';

/** A member's priorities; saving them recomputes the averages. */
@Module({
  imports: [MembersModule, AveragesModule, SessionsModule],
  controllers: [PrioritiesController],
  providers: [PrioritiesService, PrioritiesRepository],
  exports: [PrioritiesRepository],
})
export class PrioritiesModule {}
