import { Module } from '@nestjs/common';
import { OpenDataController } from './open-data.controller';

/** The open-data downloads (CSV and JSON). */
@Module({ controllers: [OpenDataController] })
export class OpenDataModule {}
