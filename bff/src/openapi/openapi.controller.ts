import { Controller, Get, type Type } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { PublicAnswer } from '../answer-cache/public-answer.decorator';
import { openApiDocument } from './openapi-document';

/**
 * docs/product/rules.md#s12: the API described at `/api/openapi.json`, from the routes as they are.
 */
@Controller('api')
export class OpenApiController {
  private document: Record<string, unknown> | undefined;

  constructor(private readonly discovery: DiscoveryService) {}

  @PublicAnswer({ domain: 'data', personal: false })
  @Get('openapi.json')
  openApi(): Record<string, unknown> {
    this.document ??= openApiDocument(
      this.discovery
        .getControllers()
        .map((wrapper) => wrapper.metatype as Type | null)
        .filter((type): type is Type => type !== null),
    );
    return this.document;
  }
}
