import { z } from 'zod';
import { remoteErrorThrownBy as thrownBy } from '../testing/remote-errors';
import { parseMessage, remoteError } from './remote-error';

describe('remoteError', () => {
  it('carries the code, the message and the field when there is one', () => {
    expect(remoteError('not_found', 'No such company.').getError()).toEqual({
      code: 'not_found',
      message: 'No such company.',
    });
    expect(remoteError('validation_failed', 'hash is not valid', 'hash').getError()).toEqual({
      code: 'validation_failed',
      message: 'hash is not valid',
      field: 'hash',
    });
  });
});

describe('parseMessage', () => {
  const schema = z.strictObject({
    uid: z.uuid('must be a member id'),
    period: z.strictObject({ year: z.int('must be a whole number') }),
    count: z.coerce.number().default(1),
  });
  const uid = '7b0c6a3e-64c5-4a53-9d0b-2f3c1c6b8e11';

  it('returns the parsed payload, with defaults and coercions applied', () => {
    expect(parseMessage(schema, { uid, period: { year: 2026 } })).toEqual({
      uid,
      period: { year: 2026 },
      count: 1,
    });
  });

  it('names the first bad field, nested ones by their dotted path', () => {
    expect(thrownBy(() => parseMessage(schema, { uid: 'x', period: { year: 2026 } }))).toEqual({
      code: 'validation_failed',
      message: 'uid must be a member id',
      field: 'uid',
    });
    expect(thrownBy(() => parseMessage(schema, { uid, period: { year: 'soon' } }))).toEqual({
      code: 'validation_failed',
      message: 'period.year must be a whole number',
      field: 'period.year',
    });
  });

  it('answers a payload that is not an object at all without a field', () => {
    const error = thrownBy(() => parseMessage(schema, 'not an object')) as { field?: string };
    expect(error).toMatchObject({ code: 'validation_failed' });
    expect(error).not.toHaveProperty('field');
  });
});
