import { Module } from '@nestjs/common';
import { AveragesCache } from './averages-cache';
import { AveragesController } from './averages.controller';

/** Needs a ServiceClient: the service registers ServiceClientModule (see service.ts). */
@Module({ controllers: [AveragesController], providers: [AveragesCache], exports: [AveragesCache] })
export class AveragesModule {}
