import { remoteErrorThrownBy } from '@upright/platform/testing';
import { checkNewPassword } from './new-password';

describe('checkNewPassword', () => {
  it('lets an acceptable password through', () => {
    expect(() => checkNewPassword('correct horse battery staple', 'password')).not.toThrow();
  });

  it('names the field the password came in', () => {
    for (const field of ['password', 'new_password'] as const) {
      expect(remoteErrorThrownBy(() => checkNewPassword('Basketball', field))).toEqual({
        code: 'validation_failed',
        message: `${field} must not be a commonly used password`,
        field,
      });
    }
  });
});
