import { Module } from '@nestjs/common';
import { RankingsCache } from './rankings-cache';

@Module({ providers: [RankingsCache], exports: [RankingsCache] })
export class RankingsCacheModule {}
