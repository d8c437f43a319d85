import { Module } from '@nestjs/common';
import { PublishController } from './publish.controller';
import { ReportsController } from './reports.controller';

/** Published reports, and their publication by an admin. */
@Module({ controllers: [ReportsController, PublishController] })
export class ReportsModule {}
