import { SLUG_MAX_LENGTH } from '@upright/contracts';
import { slugSchema, wholeNumberFrom } from './message-schemas';

function messageOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error!.issues[0].message;
}

describe('message field rules', () => {
  it('wholeNumberFrom takes whole numbers in range and names the range otherwise', () => {
    const quarter = wholeNumberFrom(1, 4);
    expect(quarter.parse(1)).toBe(1);
    expect(quarter.parse(4)).toBe(4);
    for (const bad of [0, 5, 2.5, '2', null]) {
      expect(messageOf(quarter.safeParse(bad))).toBe('must be a whole number from 1 to 4');
    }
  });

  it('slugSchema takes slugs and refuses other text, with the reason', () => {
    expect(slugSchema.parse('consumer-goods')).toBe('consumer-goods');
    expect(messageOf(slugSchema.safeParse(42))).toBe('must be a string');
    for (const bad of ['Consumer', 'a--b', '-a', 'a b', '']) {
      expect(messageOf(slugSchema.safeParse(bad))).toMatch(/^must be a slug/);
    }
    expect(messageOf(slugSchema.safeParse('a'.repeat(SLUG_MAX_LENGTH + 1)))).toBe(
      `must be at most ${SLUG_MAX_LENGTH} characters`,
    );
  });
});
