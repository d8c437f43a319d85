import { Module } from '@nestjs/common';
import { IndustriesController } from './industries.controller';
import { IndustriesRepository } from './industries.repository';

@Module({ controllers: [IndustriesController], providers: [IndustriesRepository] })
export class IndustriesModule {}
