import { Module } from '@nestjs/common';
import { RankingsCacheModule } from '../rankings-cache/rankings-cache.module';
import { IndustriesController } from './industries.controller';
import { IndustriesRepository } from './industries.repository';
import { IndustriesService } from './industries.service';

@Module({
  imports: [RankingsCacheModule],
  controllers: [IndustriesController],
  providers: [IndustriesRepository, IndustriesService],
  exports: [IndustriesService],
})
export class IndustriesModule {}
