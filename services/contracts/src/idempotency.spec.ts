import { IDEMPOTENCY_KEY_MAX_LENGTH } from './idempotency';
import { idempotencyKeyHeaderSchema } from './idempotency.schemas';

describe('the Idempotency-Key header (decision 0050)', () => {
  it('takes a UUID bare or as a Structured Field string', () => {
    const key = '8e03978e-40d5-43e8-bc93-6894a57f9324';
    expect(idempotencyKeyHeaderSchema.parse(key)).toBe(key);
    expect(idempotencyKeyHeaderSchema.parse(`"${key}"`)).toBe(key);
  });

  it('refuses an empty or too long key, and characters that would need escaping', () => {
    for (const bad of [
      '',
      '""',
      'a'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1),
      'a b',
      'a"b',
      'a\\b',
      'é',
    ]) {
      expect(idempotencyKeyHeaderSchema.safeParse(bad).success).toBe(false);
    }
    expect(
      idempotencyKeyHeaderSchema.safeParse('a'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH)).success,
    ).toBe(true);
  });
});
