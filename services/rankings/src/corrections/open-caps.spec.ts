import { ERROR_TEXTS } from '@upright/contracts';
import { remoteErrorThrownBy } from '@upright/platform/testing';
import { capError, capReached } from './open-caps';

describe('capReached', () => {
  const caps = { company: 20, requester: 3 };

  it('lets a request through while both counts are under their caps', () => {
    expect(capReached({ company: 0, requester: 0 }, caps)).toBeNull();
    expect(capReached({ company: 19, requester: 2 }, caps)).toBeNull();
  });

  it('stops it once either count has reached its cap', () => {
    expect(capReached({ company: 5, requester: 3 }, caps)).toBe('requester');
    expect(capReached({ company: 20, requester: 0 }, caps)).toBe('company');
  });

  it("names the requester's cap first: it is the one they can act on", () => {
    expect(capReached({ company: 20, requester: 3 }, caps)).toBe('requester');
  });
});

describe('capError', () => {
  it('is a 409 naming the form field, in the texts of the contracts', () => {
    expect(
      remoteErrorThrownBy(() => {
        throw capError('requester');
      }),
    ).toEqual({
      code: 'conflict',
      message: ERROR_TEXTS.correctionsOpenPerRequester,
      field: 'email',
    });
    expect(
      remoteErrorThrownBy(() => {
        throw capError('company');
      }),
    ).toEqual({
      code: 'conflict',
      message: ERROR_TEXTS.correctionsOpenPerCompany,
      field: 'company',
    });
  });
});
