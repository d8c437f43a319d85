import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { OpenApiController } from './openapi.controller';

/** `/api/openapi.json`, written from the routes' own metadata (decision 0029). */
@Module({ imports: [DiscoveryModule], controllers: [OpenApiController] })
export class OpenApiModule {}
