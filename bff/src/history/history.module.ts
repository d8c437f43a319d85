import { Module } from '@nestjs/common';
import { HistoryController } from './history.controller';

/** Rankings at every period, and comparisons (docs/product/rules.md#s12). */
@Module({ controllers: [HistoryController] })
export class HistoryModule {}
