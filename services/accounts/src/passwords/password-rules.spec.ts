import { commonPasswords } from './common-passwords';
import { newPasswordProblem } from './password-rules';

describe('new password rules (docs/product/rules.md#s8)', () => {
  const common = commonPasswords();

  it('accepts a long uncommon password', () => {
    expect(newPasswordProblem('correct horse battery staple', common)).toBeNull();
  });

  it('refuses fewer than 10 characters, counting characters not bytes', () => {
    expect(newPasswordProblem('abcdefghi', common)).toBe('must be at least 10 characters');
    expect(newPasswordProblem('ééééééééé', common)).toBe('must be at least 10 characters');
    expect(newPasswordProblem('🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂', common)).toBeNull();
  });

  it.each(['qwertyuiop', 'password123', '1234567890', 'Basketball', 'MANCHESTER'])(
    'refuses the common password %s in any case',
    (password) => {
      expect(newPasswordProblem(password, common)).toBe('must not be a commonly used password');
    },
  );

  it('bundles a list of tens of thousands of passwords', () => {
    expect(common.has('123456')).toBe(true);
    expect((common as ReadonlySet<string>).size).toBeGreaterThan(40_000);
  });
});
