import { Module } from '@nestjs/common';
import { DataDeskController } from './data-desk.controller';

/** The editors' desk (decision 0077): the admins' way to change the public rankings data. */
@Module({ controllers: [DataDeskController] })
export class DataDeskModule {}
