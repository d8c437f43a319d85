import { BadRequestException, NotFoundException } from '@nestjs/common';
import { ERROR_TEXTS } from '@upright/contracts';
import { DeadlineExceededError, ServiceUnavailableError } from '@upright/transport';
import { translateError } from './api-error.filter';

describe('translateError (docs/product/rules.md#s3)', () => {
  it('maps nobody-consuming to 503 with the retry advice', () => {
    const translated = translateError(new ServiceUnavailableError('rankings'));
    expect(translated.status).toBe(503);
    expect(translated.retryAfter).toBe(15);
    expect(translated.body.error.code).toBe('service_unavailable');
    expect(translated.body.error.message).toContain('15 seconds');
  });

  it('maps a missed deadline to 504 with the retry advice', () => {
    const translated = translateError(
      new DeadlineExceededError('rankings.industries.active', 5000),
    );
    expect(translated).toMatchObject({ status: 504, retryAfter: 15 });
    expect(translated.body.error.code).toBe('deadline_exceeded');
  });

  it('passes a service error through with its status and field', () => {
    const translated = translateError({
      code: 'not_found',
      message: 'Unknown industry "x"',
      field: 'industry',
    });
    expect(translated).toEqual({
      status: 404,
      body: { error: { code: 'not_found', message: 'Unknown industry "x"', field: 'industry' } },
    });
  });

  it('maps Nest HTTP exceptions by status', () => {
    expect(translateError(new NotFoundException('No route')).body.error).toEqual({
      code: 'not_found',
      message: 'No route',
    });
    expect(translateError(new BadRequestException('bad')).status).toBe(400);
  });

  it('maps body-parser failures to 400 and 413', () => {
    expect(translateError({ type: 'entity.parse.failed', status: 400 }).status).toBe(400);
    expect(translateError({ type: 'entity.too.large', status: 413 })).toMatchObject({
      status: 413,
      body: { error: { code: 'payload_too_large' } },
    });
  });

  it('hides anything unexpected behind the spec’s unknown-error text', () => {
    const translated = translateError(new Error('secret stack detail'));
    expect(translated.status).toBe(500);
    expect(translated.body.error.message).toBe(ERROR_TEXTS.unknown);
  });

  it('shows the same text for a service’s internal failure, which the transport names only so', () => {
    expect(translateError({ code: 'internal', message: 'Internal error' })).toEqual({
      status: 500,
      body: { error: { code: 'internal', message: ERROR_TEXTS.unknown } },
    });
  });
});
