import { defineService, IdempotentWritesModule, ServiceClientModule } from '@upright/platform';
import { AveragesModule } from './averages/averages.module';
import { CompaniesModule } from './companies/companies.module';
import { rankingsConfigSchema } from './config';
import { CorrectionsModule } from './corrections/corrections.module';
import { DeskModule } from './data-desk/desk.module';
import { PrismaClient } from './generated/prisma/client';
import { HistoryModule } from './history/history.module';
import { IndustriesModule } from './industries/industries.module';
import { SearchDocumentsModule } from './search-documents/search-documents.module';

/** Owns the `rankings` schema; ranks with the members' averages it gets from accounts. */
export const rankingsService = defineService({
  name: 'rankings',
  configSchema: rankingsConfigSchema,
  database: PrismaClient,
  features: (config) => [
    // The averages come from accounts over the transport.
    ServiceClientModule.forRoot(config),
    IndustriesModule,
    AveragesModule,
    CompaniesModule,
    HistoryModule,
    SearchDocumentsModule,
    CorrectionsModule,
    DeskModule,
    // Keyed writes (the BFF's Idempotency-Key) are applied once: decision 0050.
    IdempotentWritesModule,
  ],
});
