import { Module } from '@nestjs/common';
import { AveragesModule } from '../averages/averages.module';
import { RankingsCache } from './rankings-cache';

@Module({ imports: [AveragesModule], providers: [RankingsCache], exports: [RankingsCache] })
export class RankingsCacheModule {}
