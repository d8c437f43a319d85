import {
  legacyMailJobs,
  MAIL_PRODUCERS,
  mailQueueJobs,
  mailWorkerQueues,
  MailKinds,
  MalformedJobError,
  Queues,
} from './index';

/** The check the mail worker applies to a job on its kind's producer queue, as `{ kind, data }`. */
const parseMailJob = (kind: string, data: unknown) => {
  const producer = MAIL_PRODUCERS.rankings.kinds.some((sent) => sent === kind)
    ? 'rankings'
    : 'accounts';
  const { name, data: checked } = mailQueueJobs[producer].parse(kind, data);
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

describe('the mail producers', () => {
  it('give each producer a queue of its own', () => {
    expect(mailQueueJobs.accounts.queue).toBe(Queues.mailAccounts);
    expect(mailQueueJobs.rankings.queue).toBe(Queues.mailRankings);
  });

  it('let every kind be sent by exactly one producer', () => {
    const kinds = Object.values(MAIL_PRODUCERS).flatMap((producer) => producer.kinds);
    expect([...kinds].sort()).toEqual(Object.values(MailKinds).sort());
  });

  it("let the mail worker drain the previous release's queue, of any kind", () => {
    expect(mailWorkerQueues.map((contract) => contract.queue)).toEqual([
      Queues.mailAccounts,
      Queues.mailRankings,
      Queues.legacyMail,
    ]);
    expect(legacyMailJobs.parse('welcome', { recipient }).name).toBe('welcome');
    expect(() => legacyMailJobs.parse('newsletter', { recipient })).toThrow(MalformedJobError);
  });

  it("refuse on a producer's queue a kind that producer may not send", () => {
    const reset = {
      recipient,
      resetHash: 'clear-code',
      expiresAt: '2026-11-21T14:05:00.000Z',
    };
    expect(mailQueueJobs.accounts.parse('password-reset', reset).name).toBe('password-reset');
    expect(() => mailQueueJobs.rankings.parse('password-reset', reset)).toThrow(
      new MalformedJobError('unknown mail kind of rankings "password-reset"'),
    );
    expect(() =>
      mailQueueJobs.accounts.parse('correction-resolved', { requester: {}, correction: {} }),
    ).toThrow(MalformedJobError);
  });

  it('take a correction receipt without the name or text of the requester', () => {
    const receipt = {
      requester: { email: 'grace@example.com' },
      correction: {
        reference: 'C-42',
        company: { company_name: 'Acme', industry: 'tools', slug: 'acme' },
        field_label: 'Climate',
        period: { period_year: 2026, period_qrt: 2 },
      },
      promiseDays: 14,
    };
    const withText = {
      ...receipt,
      requester: { ...receipt.requester, name: 'Click evil.example' },
      whatIsWrong: 'Win a prize at evil.example',
    };
    expect(parseMailJob('correction-received', withText).data).toEqual(receipt);
  });
});
