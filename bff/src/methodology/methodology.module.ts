import { Module } from '@nestjs/common';
import { MethodologyController } from './methodology.controller';

/** The methodology page's worked example. */
@Module({ controllers: [MethodologyController] })
export class MethodologyModule {}
