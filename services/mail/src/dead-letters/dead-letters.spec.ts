import { newestDeadLetters, toDeadLetter, type DeadLetter } from './dead-letters';

describe('toDeadLetter', () => {
  it('shows the job with the member uid and no other personal data', () => {
    const view = toDeadLetter({
      id: 'welcome_u-1',
      queueName: 'mail-accounts',
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
      queue: 'mail-accounts',
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

describe('newestDeadLetters', () => {
  const letter = (id: string, queue: string, failedAt: string | null): DeadLetter => ({
    id,
    queue,
    kind: 'welcome',
    uid: null,
    attempts: 1,
    lastError: '',
    addedAt: '2026-11-20T00:00:00.000Z',
    failedAt,
  });

  it("merges the producers' queues newest first, one page of them", () => {
    const letters = [
      letter('a1', 'mail-accounts', '2026-11-21T10:00:00.000Z'),
      letter('a2', 'mail-accounts', '2026-11-21T08:00:00.000Z'),
      letter('r1', 'mail-rankings', '2026-11-21T09:00:00.000Z'),
      letter('r2', 'mail-rankings', null),
    ];
    expect(newestDeadLetters(letters, 3).map((entry) => entry.id)).toEqual(['a1', 'r1', 'a2']);
  });
});
