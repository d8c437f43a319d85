import { Module } from '@nestjs/common';
import { CompaniesController } from './companies.controller';

/** An industry's ranking, a company's page and why it ranks where it does. */
@Module({ controllers: [CompaniesController] })
export class CompaniesModule {}
