import { mailJobs, MalformedJobError } from './index';

/** The contract's check as the mail worker applied it, as `{ kind, data }`. */
const parseMailJob = (kind: string, data: unknown) => {
  const { name, data: checked } = mailJobs.parse(kind, data);
  return { kind: name, data: checked };
};

const recipient = { uid: 'u-1', email: 'ada@example.com', firstName: 'Ada', unsubscribeKey: 'k' };

describe('the mail jobs contract', () => {
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
    expect(() => parseMailJob('newsletter', { recipient })).toThrow(MalformedJobError);
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
    expect(() => parseMailJob('contact', null)).toThrow(MalformedJobError);
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
