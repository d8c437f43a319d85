import { MailKinds, type MailJob, type MailRecipient } from '@upright/contracts';
import { escapeHtml, headerText } from './escape-html';
import { renderMail, type MailSettings } from './render-mail';

const settings: MailSettings = {
  productName: 'Upright',
  publicUrl: 'https://upright.example',
  contactInbox: 'inbox@upright.example',
};

const ada: MailRecipient = {
  uid: 'u-42',
  email: 'ada@example.com',
  firstName: 'Ada',
  unsubscribeKey: 'key/with+chars',
};

const memberJobs: MailJob[] = [
  { kind: MailKinds.welcome, data: { recipient: ada } },
  {
    kind: MailKinds.passwordReset,
    data: { recipient: ada, resetHash: 'r3s3t', expiresAt: '2026-11-21T14:05:00.000Z' },
  },
  { kind: MailKinds.emailVerification, data: { recipient: ada, verifyHash: 'v3r1fy' } },
  {
    kind: MailKinds.discontinueConfirmation,
    data: { recipient: ada, finalDate: '2026-11-28' },
  },
  {
    kind: MailKinds.accountChanged,
    data: { recipient: ada, change: 'password', changedAt: '2026-11-21T14:05:00.000Z' },
  },
  { kind: MailKinds.emailInUse, data: { recipient: ada } },
  {
    kind: MailKinds.rankAlert,
    data: {
      recipient: ada,
      company: { upright_cid: 'C1', company_name: 'Acme <Tools>' },
      period: { period_year: 2026, period_qrt: 2 },
      moves: [
        { industry: 'tools', industry_text: 'Tools', slug: 'acme-<tools>', from: 5, to: 2, of: 9 },
        { industry: 'metal', industry_text: 'Metal', slug: 'acme-<tools>', from: 1, to: 3, of: 4 },
      ],
    },
  },
];

const contactJob = (overrides: Partial<Extract<MailJob, { kind: 'contact' }>['data']> = {}) =>
  ({
    kind: MailKinds.contact,
    data: {
      fromName: 'Grace',
      fromEmail: 'grace@example.com',
      message: 'Line one\nLine two',
      uid: null,
      reportTitle: null,
      ...overrides,
    },
  }) as const;

const unsubscribeUrl = 'https://upright.example/account/unsubscribe/u-42/key%2Fwith%2Bchars';

describe('renderMail, member mails', () => {
  it.each(memberJobs.map((job) => [job.kind, job] as const))(
    '%s goes to the member with the product name and an unsubscribe link',
    (_kind, job) => {
      const mail = renderMail(job, settings);
      expect(mail.to).toEqual({ name: 'Ada', address: 'ada@example.com' });
      expect(mail.replyTo).toBeNull();
      expect(mail.subject).toContain('Upright');
      expect(mail.text).toContain('Upright');
      expect(mail.html).toContain('Upright');
      expect(mail.text).toContain(`Unsubscribe: ${unsubscribeUrl}`);
      expect(mail.html).toContain(`href="${unsubscribeUrl}"`);
      expect(mail.listUnsubscribe).toBe(`<${unsubscribeUrl}>`);
      expect(mail.text).toContain('Hi Ada,');
    },
  );

  it('rank alert lists every move of the company and links to its page', () => {
    const mail = renderMail(memberJobs[6]!, settings);
    expect(mail.subject).toBe('Acme <Tools> moved in the Q2 2026 Upright rankings');
    expect(mail.text).toContain('Tools: ▲3 to #2 of 9 (was #5)');
    expect(mail.text).toContain('Metal: ▼2 to #3 of 4 (was #1)');
    expect(mail.text).toContain('https://upright.example/companies/us/tools/acme-%3Ctools%3E');
    expect(mail.html).toContain('Acme &lt;Tools&gt;');
    expect(mail.html).not.toContain('Acme <Tools>');
    expect(mail.text).toContain('The unsubscribe link stops these alerts.');
  });

  it('welcome links to the priorities page', () => {
    const mail = renderMail(memberJobs[0]!, settings);
    expect(mail.subject).toBe('Welcome to Upright');
    expect(mail.text).toContain('https://upright.example/account/priorities');
  });

  it('password reset links to the reset page with the hash and says until when', () => {
    const mail = renderMail(memberJobs[1]!, settings);
    expect(mail.subject).toBe('Reset your Upright password');
    expect(mail.text).toContain('https://upright.example/account/reset/r3s3t');
    expect(mail.html).toContain('href="https://upright.example/account/reset/r3s3t"');
    expect(mail.text).toContain('November 21, 2026 at 2:05 PM UTC');
  });

  it('verification links to the verify page with the hash', () => {
    const mail = renderMail(memberJobs[2]!, settings);
    expect(mail.text).toContain('https://upright.example/account/verify/v3r1fy');
  });

  it('discontinue confirmation names the final date and links to sign in', () => {
    const mail = renderMail(memberJobs[3]!, settings);
    expect(mail.subject).toBe('Your Upright membership ends on November 28, 2026');
    expect(mail.text).toContain('https://upright.example/account/signin');
  });

  it('account change says what changed and when, and how to take the account back', () => {
    const mail = renderMail(memberJobs[4]!, settings);
    expect(mail.subject).toBe('The password of your Upright account was changed');
    expect(mail.text).toContain('changed on November 21, 2026 at 2:05 PM UTC');
    expect(mail.text).toContain('If this was not you, reset your password now');
    expect(mail.text).toContain('https://upright.example/account/signin');
  });

  it('email in use tells the owner nothing changed, without naming who tried', () => {
    const mail = renderMail(memberJobs[5]!, settings);
    expect(mail.subject).toBe('Someone tried to use your email address on Upright');
    expect(mail.text).toContain('so nothing was changed');
  });

  it('uses the configured product name everywhere', () => {
    const mail = renderMail(memberJobs[0]!, { ...settings, productName: 'Fairly' });
    expect(mail.subject).toBe('Welcome to Fairly');
    expect(`${mail.text}${mail.html}`).not.toContain('Upright');
  });

  it('escapes the member name in HTML and keeps it literal in text', () => {
    const job: MailJob = {
      kind: MailKinds.welcome,
      data: { recipient: { ...ada, firstName: '<img src=x onerror=alert(1)>&"' } },
    };
    const mail = renderMail(job, settings);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Hi &lt;img src=x onerror=alert(1)&gt;&amp;&quot;,');
    expect(mail.text).toContain('Hi <img src=x onerror=alert(1)>&",');
  });

  it('greets without a name when the first name is blank', () => {
    const job: MailJob = {
      kind: MailKinds.welcome,
      data: { recipient: { ...ada, firstName: '  ' } },
    };
    expect(renderMail(job, settings).text).toContain('Hello,');
  });

  it('is pure: the same job renders the same mail', () => {
    expect(renderMail(memberJobs[1]!, settings)).toEqual(renderMail(memberJobs[1]!, settings));
  });
});

describe('renderMail, contact messages', () => {
  it('goes to the contact inbox, replies to the sender, no unsubscribe link', () => {
    const mail = renderMail(contactJob({ uid: 'u-7' }), settings);
    expect(mail.to.address).toBe('inbox@upright.example');
    expect(mail.replyTo).toEqual({ name: 'Grace', address: 'grace@example.com' });
    expect(mail.subject).toBe('[Upright] Message from Grace');
    expect(mail.listUnsubscribe).toBeNull();
    expect(mail.text).not.toContain('Unsubscribe');
    expect(mail.text).toContain('> Line one\n> Line two');
    expect(mail.text).toContain('Member: u-7');
  });

  it('names the report of a correction request', () => {
    const mail = renderMail(contactJob({ reportTitle: 'Airlines 2026 Q3' }), settings);
    expect(mail.subject).toBe('[Upright] Correction request: Airlines 2026 Q3');
    expect(mail.text).toContain('Report: Airlines 2026 Q3');
    expect(mail.text).toContain('Member: not signed in');
  });

  it('treats a blank report title as a plain message', () => {
    const mail = renderMail(contactJob({ reportTitle: '  ' }), settings);
    expect(mail.subject).toBe('[Upright] Message from Grace');
    expect(mail.text).not.toContain('Report:');
  });

  it('escapes every field the sender typed', () => {
    const mail = renderMail(
      contactJob({
        fromName: '<b>Eve</b>',
        message: '</blockquote><script>x()</script>',
        reportTitle: '"><a href=evil>',
      }),
      settings,
    );
    expect(mail.html).not.toMatch(/<script|<b>|<a href=evil/);
    expect(mail.html).toContain('&lt;/blockquote&gt;&lt;script&gt;x()&lt;/script&gt;');
  });

  it('cannot add header lines through the name or the report title', () => {
    const mail = renderMail(
      contactJob({ fromName: 'Eve\r\nBcc: all@example.com', reportTitle: 'T\nX-Evil: 1' }),
      settings,
    );
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.replyTo!.name).toBe('Eve Bcc: all@example.com');
  });
});

describe('renderMail, correction mails', () => {
  const correction = {
    reference: 'C-7',
    company: { company_name: 'Acme <Tools>', industry: 'tools', slug: 'acme-tools' },
    field_label: 'Climate score',
    period: { period_year: 2026, period_qrt: 2 },
  };
  const requester = { name: 'Grace\r\nBcc: x@example.com', email: 'grace@example.com' };
  const ledger = 'https://upright.example/corrections/us/tools/acme-tools';

  it('acknowledges a request with its reference, the promise and the ledger only', () => {
    const mail = renderMail(
      {
        kind: MailKinds.correctionReceived,
        data: { requester: { email: requester.email }, correction, promiseDays: 14 },
      },
      settings,
    );
    expect(mail.to).toEqual({ name: '', address: 'grace@example.com' });
    expect(mail.subject).toBe('We received your correction request C-7 for Acme <Tools>');
    expect(mail.listUnsubscribe).toBeNull();
    expect(mail.text).toContain('Hello,');
    expect(mail.text).toContain('C-7');
    expect(mail.text).toContain('within 14 days');
    expect(mail.text).toContain('Climate score');
    expect(mail.text).toContain(ledger);
    expect(mail.html).toContain(`href="${ledger}"`);
    expect(mail.text).toContain('only until your request is resolved');
  });

  it('carries none of the submitted name or text, even when a stale producer sends them', () => {
    const submitted = {
      requester: { name: 'Claim your prize', email: 'victim@example.com' },
      correction,
      whatIsWrong: 'Your account is locked: log in at evil.example',
      promiseDays: 14,
    };
    const mail = renderMail(
      { kind: MailKinds.correctionReceived, data: submitted } as never,
      settings,
    );
    for (const rendered of [mail.subject, mail.text, mail.html, mail.to.name]) {
      expect(rendered).not.toContain('prize');
      expect(rendered).not.toContain('evil.example');
    }
  });

  it('tells an accepted request before → after, a rejected one only the reason', () => {
    const resolved = (outcome: 'accepted' | 'rejected') =>
      renderMail(
        {
          kind: MailKinds.correctionResolved,
          data: {
            requester,
            correction,
            outcome,
            correctedFieldLabel: 'Climate score',
            before: 12.5,
            after: outcome === 'accepted' ? null : 12.5,
            reason: 'The 2026 filing says so',
          },
        },
        settings,
      );
    const accepted = resolved('accepted');
    expect(accepted.subject).toBe('Your correction request C-7 was accepted');
    expect(accepted.text).toContain('12.5 → no data');
    // Sent when the draft that carried the change is published (decision 0077).
    expect(accepted.text).toContain('the new value is now published');
    expect(accepted.text).toContain('The 2026 filing says so');
    expect(accepted.text).toContain(ledger);
    const rejected = resolved('rejected');
    expect(rejected.subject).toBe('Your correction request C-7 was not accepted');
    expect(rejected.text).not.toContain('→');
    expect(rejected.text).toContain('The 2026 filing says so');
  });
});

describe('escapeHtml and headerText', () => {
  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });

  it('flattens control characters and bounds the length', () => {
    expect(headerText(' a\r\n\tb\u0000c ')).toBe('a b c');
    expect(headerText('x'.repeat(300))).toHaveLength(200);
  });
});
