import { Controller, Get, Inject, type Type } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { SERVICE_CONFIG } from '@upright/platform';
import { z } from 'zod';
import { PublicAnswer } from '../shared/public-answer.decorator';
import { csrfCookieName, sessionCookieName } from '../auth/session-cookie';
import type { BffConfig } from '../config/config';
import { openApiDocument } from './openapi-document';
import { Operation } from '../shared/operation.decorator';

/**
 * docs/product/rules.md#s12: the API described at `/api/openapi.json`, from the routes as they are.
 */
@Controller('api')
export class OpenApiController {
  private document: Record<string, unknown> | undefined;

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(SERVICE_CONFIG) private readonly config: BffConfig,
  ) {}

  @PublicAnswer({ domain: 'data', personal: false })
  @Get('openapi.json')
  @Operation({
    summary: 'This document (OpenAPI 3.1)',
    answer: z.record(z.string(), z.unknown()),
  })
  openApi(): Record<string, unknown> {
    this.document ??= openApiDocument(
      this.discovery
        .getControllers()
        .map((wrapper) => wrapper.metatype as Type | null)
        .filter((type): type is Type => type !== null),
      {
        session: sessionCookieName(this.config.NODE_ENV === 'production'),
        csrf: csrfCookieName(this.config.NODE_ENV === 'production'),
      },
    );
    return this.document;
  }
}
