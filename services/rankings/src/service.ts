import { schemaOwningService, ServiceClientModule } from '@upright/platform';
import { AveragesModule } from './averages/averages.module';
import { CompaniesModule } from './companies/companies.module';
import { PrismaClient } from './generated/prisma/client';
import { HistoryModule } from './history/history.module';
import { IndustriesModule } from './industries/industries.module';
import { SearchDocumentsModule } from './search-documents/search-documents.module';

export const rankingsService = schemaOwningService('rankings', PrismaClient, (config) => [
  // The averages come from accounts over the transport.
  ServiceClientModule.forRoot(config),
  IndustriesModule,
  AveragesModule,
  CompaniesModule,
  HistoryModule,
  SearchDocumentsModule,
]);
