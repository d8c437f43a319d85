import { Module } from '@nestjs/common';
import { SiteFactsController } from './site-facts.controller';

/** What the site ranks, counted live. */
@Module({ controllers: [SiteFactsController] })
export class SiteFactsModule {}
