import { Module } from '@nestjs/common';
import { AveragesPublication } from './averages-publication';
import { AveragesController } from './averages.controller';
import { AveragesSnapshots } from './averages-snapshots.repository';
import { AveragesRepository } from './averages.repository';
import { AveragesService } from './averages.service';

/** The members' averages: stored, recomputed, published for visitors' rankings. */
@Module({
  controllers: [AveragesController],
  providers: [AveragesService, AveragesPublication, AveragesRepository, AveragesSnapshots],
  exports: [AveragesService],
})
export class AveragesModule {}
