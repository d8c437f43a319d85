import { toDeadLetter } from './dead-letters';

describe('toDeadLetter', () => {
  it('shows the job with the member uid and no other personal data', () => {
    const view = toDeadLetter({
      id: 'welcome_u-1',
      name: 'welcome',
      data: {
        recipient: { uid: 'u-1', email: 'ada@example.com', firstName: 'Ada', unsubscribeKey: 'k' },
      },
      attemptsMade: 10,
      failedReason: 'EENVELOPE 550: <ada@example.com> unknown',
      timestamp: Date.UTC(2026, 10, 21, 10),
      finishedOn: Date.UTC(2026, 10, 21, 11),
    });
    expect(view).toEqual({
      id: 'welcome_u-1',
      kind: 'welcome',
      uid: 'u-1',
      attempts: 10,
      lastError: 'EENVELOPE 550: <[address]> unknown',
      addedAt: '2026-11-21T10:00:00.000Z',
      failedAt: '2026-11-21T11:00:00.000Z',
    });
    expect(JSON.stringify(view)).not.toMatch(/ada@|Ada"/);
  });
});
