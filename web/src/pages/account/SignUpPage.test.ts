import { describe, expect, it } from 'vitest';
import { missingToJoin, tooYoungToJoin, typedBirthDate } from './SignUpPage';
import { safeNext } from './SignInPage';

describe('sign-up and sign-in rules', () => {
  const born = (birth_year: string, birth_month: string, birth_day: string) => ({
    birth_year,
    birth_month,
    birth_day,
  });

  it('says "too young" the day before the 13th birthday, not on the day (as accounts decides)', () => {
    const dayBefore = new Date('2026-06-14T20:00:00Z');
    const birthday = new Date('2026-06-15T20:00:00Z');
    expect(tooYoungToJoin(born('2013', '6', '15'), dayBefore)).toBe(true);
    expect(tooYoungToJoin(born('2013', '6', '15'), birthday)).toBe(false);
    // Born earlier in 2013: 13 already, no waiting for New Year.
    expect(tooYoungToJoin(born('2013', '1', '31'), birthday)).toBe(false);
  });

  it('reads the date of birth only once it names a real day', () => {
    expect(typedBirthDate(born('1990', '7', '14'))).toEqual({ year: 1990, month: 7, day: 14 });
    expect(typedBirthDate(born('199', '7', '14'))).toBeNull();
    expect(typedBirthDate(born('1990', '', '14'))).toBeNull();
    expect(typedBirthDate(born('2023', '2', '29'))).toBeNull();
    expect(typedBirthDate(born('1990', '7', '1.5'))).toBeNull();
    expect(tooYoungToJoin(born('2020', '', ''))).toBe(false);
  });

  it('follows only same-site paths after sign-in', () => {
    const origin = 'https://upright.example';
    expect(safeNext('/account/priorities', origin)).toBe('/account/priorities');
    expect(safeNext('/companies/us/oil?tab=why#figures', origin)).toBe(
      '/companies/us/oil?tab=why#figures',
    );
    expect(safeNext('//evil.example', origin)).toBe('/');
    expect(safeNext('https://evil.example', origin)).toBe('/');
    expect(safeNext('/\\evil.example/x', origin)).toBe('/');
    expect(safeNext('\\\\evil.example', origin)).toBe('/');
    expect(safeNext('/\t/evil.example', origin)).toBe('/');
    expect(safeNext('javascript:alert(1)', origin)).toBe('/');
    expect(safeNext(null, origin)).toBe('/');
  });

  it('names everything the disabled Join button waits for, and nothing once complete', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    const empty = {
      first_name: '',
      last_name: ' ',
      email: 'not-an-address',
      password: 'short',
      ...born('', '', ''),
    };
    expect(missingToJoin(empty, { individual: false, captcha: false }, now)).toEqual([
      'your first name',
      'your last name',
      'your email address',
      expect.stringMatching(/^a password of at least \d+ characters$/),
      'your date of birth',
      'the box saying you are an individual',
      'the captcha',
    ]);
    const complete = {
      first_name: 'Ada',
      last_name: 'Tester',
      email: 'ada@example.org',
      password: 'a long enough passphrase',
      ...born('1990', '7', '14'),
    };
    expect(missingToJoin(complete, { individual: true, captcha: true }, now)).toEqual([]);
    expect(
      missingToJoin(
        { ...complete, ...born('2020', '1', '1') },
        { individual: true, captcha: true },
        now,
      ),
    ).toEqual([expect.stringMatching(/^to be \d+ or older$/)]);
  });
});
