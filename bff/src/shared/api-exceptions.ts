import { BadRequestException, NotFoundException } from '@nestjs/common';
import type { ErrorBody } from '@upright/contracts';

/**
 * HTTP exceptions whose response is already the ErrorBody of docs/product/rules.md#s3; the
 * ApiErrorFilter passes such a body through unchanged.
 */
export function validationFailed(field: string, problem: string): BadRequestException {
  const body: ErrorBody = {
    error: { code: 'validation_failed', message: `${field} ${problem}`, field },
  };
  return new BadRequestException(body);
}

export function notFound(field: string, message: string): NotFoundException {
  const body: ErrorBody = { error: { code: 'not_found', message, field } };
  return new NotFoundException(body);
}

/** A company the industry does not have, named in `field`. */
export function unknownCompany(
  field: string,
  route: { industry: string; company: string },
): NotFoundException {
  return notFound(field, `Unknown company "${route.company}" in "${route.industry}"`);
}
