import { InvalidMailJobError, parseMailJob, recipientUid } from './parse-mail-job';

const recipient = { uid: 'u-1', email: 'ada@example.com', firstName: 'Ada', unsubscribeKey: 'k' };

describe('parseMailJob', () => {
  it('accepts a job that matches its kind', () => {
    expect(parseMailJob('welcome', { recipient })).toEqual({
      kind: 'welcome',
      data: { recipient },
    });
  });

  it('checks a rank alert: a real period and at least one move', () => {
    const alert = {
      recipient,
      company: { upright_cid: 'C1', company_name: 'Acme' },
      period: { period_year: 2026, period_qrt: 2 },
      moves: [{ industry: 'tools', industry_text: 'Tools', slug: 'acme', from: 3, to: 1, of: 9 }],
    };
    expect(parseMailJob('rank-alert', alert).kind).toBe('rank-alert');
    expect(() =>
      parseMailJob('rank-alert', { ...alert, period: { period_year: 2026, period_qrt: 5 } }),
    ).toThrow(/period\.period_qrt/);
    expect(() => parseMailJob('rank-alert', { ...alert, moves: [] })).toThrow(/moves/);
  });

  it('refuses an unknown kind', () => {
    expect(() => parseMailJob('newsletter', { recipient })).toThrow(InvalidMailJobError);
  });

  it('names the wrong fields but never their values', () => {
    const attempt = () =>
      parseMailJob('password-reset', {
        recipient: { ...recipient, email: 'secret-not-an-address' },
        resetHash: '',
        expiresAt: 'tomorrow',
      });
    expect(attempt).toThrow(/recipient\.email, resetHash, expiresAt/);
    expect(attempt).not.toThrow(/secret-not-an-address/);
  });

  it('refuses wrong types and a missing payload', () => {
    expect(() => parseMailJob('welcome', { recipient: { ...recipient, uid: 42 } })).toThrow(
      /recipient\.uid/,
    );
    expect(() => parseMailJob('contact', null)).toThrow(InvalidMailJobError);
  });

  it('accepts a contact message without member or report', () => {
    const data = {
      fromName: 'Grace',
      fromEmail: 'grace@example.com',
      message: 'Hello',
      uid: null,
      reportTitle: null,
    };
    expect(parseMailJob('contact', data).data).toEqual(data);
  });
});

describe('recipientUid', () => {
  it('finds the member of a member mail or a contact message', () => {
    expect(recipientUid({ recipient })).toBe('u-1');
    expect(recipientUid({ uid: 'u-9', fromEmail: 'x@example.com' })).toBe('u-9');
    expect(recipientUid({ uid: null })).toBeNull();
    expect(recipientUid('garbage')).toBeNull();
  });
});
