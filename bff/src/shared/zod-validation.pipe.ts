import { Injectable, PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { validationFailed } from './api-exceptions';

/**
 * Validates and converts route params, a query or a body with a zod schema:
 * `@Param(new ZodValidationPipe(schema)) params: z.output<typeof schema>`.
 * The first problem becomes a 400 naming the field: `{ code: 'validation_failed',
 * message: '<field> must be …', field }`; schema messages are therefore written as "must …".
 * Object schemas report problems in the order of their keys, so list keys in route order.
 */
@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    throw validationFailed(issue.path.map(String).join('.') || 'request', issue.message);
  }
}
