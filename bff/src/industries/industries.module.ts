import { Module } from '@nestjs/common';
import { IndustriesController } from './industries.controller';

/** The active industries. */
@Module({ controllers: [IndustriesController] })
export class IndustriesModule {}
