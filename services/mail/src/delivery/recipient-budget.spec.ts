import { MailKinds, type MailJob, type MailKind } from '@upright/contracts';
import { BUDGETED_KINDS, budgetedAddress, recipientBudgetKey } from './recipient-budget';

const recipient = { uid: 'u-1', email: 'ada@example.com', firstName: 'Ada', unsubscribeKey: 'k' };
const correction = {
  reference: 'C-1',
  company: { company_name: 'Acme', industry: 'tools', slug: 'acme' },
  field_label: 'Climate',
  period: { period_year: 2026, period_qrt: 2 },
};

describe('budgetedAddress', () => {
  it('is the recipient of every mail a visitor can cause', () => {
    const reset: MailJob = {
      kind: MailKinds.passwordReset,
      data: { recipient, resetHash: 'h', expiresAt: '2026-11-21T14:05:00.000Z' },
    };
    const receipt: MailJob = {
      kind: MailKinds.correctionReceived,
      data: { requester: { email: 'grace@example.com' }, correction, promiseDays: 14 },
    };
    expect(budgetedAddress(reset)).toBe('ada@example.com');
    expect(budgetedAddress({ kind: MailKinds.emailInUse, data: { recipient } })).toBe(
      'ada@example.com',
    );
    expect(budgetedAddress(receipt)).toBe('grace@example.com');
  });

  it('spends nothing for the contact inbox, an admin decision or a rank alert', () => {
    const exempt: MailKind[] = [
      MailKinds.contact,
      MailKinds.correctionResolved,
      MailKinds.rankAlert,
    ];
    for (const kind of exempt) {
      expect(BUDGETED_KINDS.has(kind)).toBe(false);
      expect(budgetedAddress({ kind, data: { recipient } } as MailJob)).toBeNull();
    }
    const budgeted = Object.values(MailKinds).filter((kind) => !exempt.includes(kind));
    expect(budgeted.every((kind) => BUDGETED_KINDS.has(kind))).toBe(true);
  });
});

describe('recipientBudgetKey', () => {
  const hour = 3600;
  const at = Date.UTC(2026, 10, 26, 10, 30);

  it('is one key per address and window, whatever the case or spaces of the address', () => {
    const key = recipientBudgetKey('upright', 'Ada@Example.com ', hour, at);
    expect(recipientBudgetKey('upright', 'ada@example.com', hour, at + 20 * 60_000)).toBe(key);
    expect(recipientBudgetKey('upright', 'bob@example.com', hour, at)).not.toBe(key);
    expect(recipientBudgetKey('upright', 'ada@example.com', hour, at + hour * 1000)).not.toBe(key);
  });

  it("lives in the mail process's keys and names no address", () => {
    const key = recipientBudgetKey('upright', 'ada@example.com', hour, at);
    expect(key).toMatch(/^upright:mail:recipient-budget:\d+:[0-9a-f]{64}$/);
    expect(key).not.toContain('ada');
  });
});
