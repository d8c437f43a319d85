import { recipientUid } from './mail-job-data';

const recipient = { uid: 'u-1', email: 'ada@example.com', firstName: 'Ada', unsubscribeKey: 'k' };

describe('recipientUid', () => {
  it('finds the member of a member mail or a contact message', () => {
    expect(recipientUid({ recipient })).toBe('u-1');
    expect(recipientUid({ uid: 'u-9', fromEmail: 'x@example.com' })).toBe('u-9');
    expect(recipientUid({ uid: null })).toBeNull();
    expect(recipientUid('garbage')).toBeNull();
  });
});
