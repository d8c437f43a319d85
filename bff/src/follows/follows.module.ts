import { Module } from '@nestjs/common';
import { FollowsController } from './follows.controller';

/** Following companies (decision 0037). */
@Module({ controllers: [FollowsController] })
export class FollowsModule {}
