import { Module } from '@nestjs/common';
import { CorrectionsAdminController } from './corrections-admin.controller';
import { CorrectionsController } from './corrections.controller';

/** Corrections: proposed by anyone, decided by an admin. */
@Module({ controllers: [CorrectionsController, CorrectionsAdminController] })
export class CorrectionsModule {}
