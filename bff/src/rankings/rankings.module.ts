import { Module } from '@nestjs/common';
import { RankingsController } from './rankings.controller';

/** The top companies of an industry at a period (docs/product/rules.md#s6). */
@Module({ controllers: [RankingsController] })
export class RankingsModule {}
