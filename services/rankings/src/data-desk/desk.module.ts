import { Module } from '@nestjs/common';
import { DeskController } from './desk.controller';
import { DeskService } from './desk.service';

/** The editors' desk (decision 0077): drafts, publish, rollback and the audit log. */
@Module({
  controllers: [DeskController],
  providers: [DeskService],
})
export class DeskModule {}
