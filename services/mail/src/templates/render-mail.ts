import {
  WebPaths,
  type CorrectionMailSubject,
  type CorrectionRequester,
  type MailJob,
  type MailJobData,
  type MailKind,
  type MailRecipient,
} from '@upright/contracts';
import { headerText } from './escape-html';
import { renderHtml, renderText, type MailBlock } from './layout';

export interface MailSettings {
  productName: string;
  /** Origin of the web app, without a trailing slash. */
  publicUrl: string;
  contactInbox: string;
}

export interface MailAddress {
  name: string;
  address: string;
}

export interface RenderedMail {
  to: MailAddress;
  replyTo: MailAddress | null;
  subject: string;
  text: string;
  html: string;
  /** Value of the List-Unsubscribe header; null for mails to the contact inbox. */
  listUnsubscribe: string | null;
}

/** What a kind decides; the layout adds the product name, the footer and both renderings. */
interface Composition {
  to: MailAddress;
  replyTo?: MailAddress;
  subject: string;
  blocks: MailBlock[];
  /** The member the mail goes to: gets the unsubscribe link. */
  member: MailRecipient | null;
  /** Why a non-member receives it; the contact form's line when left out. */
  reason?: string;
}

type Composer<K extends MailKind> = (data: MailJobData[K], settings: MailSettings) => Composition;

const link = (settings: MailSettings, path: string): string => `${settings.publicUrl}${path}`;

const memberAddress = (recipient: MailRecipient): MailAddress => ({
  name: headerText(recipient.firstName),
  address: recipient.email,
});

const greeting = (recipient: MailRecipient): MailBlock => ({
  type: 'paragraph',
  text: recipient.firstName.trim() ? `Hi ${recipient.firstName.trim()},` : 'Hello,',
});

const UTC_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const UTC_DATE_TIME = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** "November 28, 2026" for a date or date-time (the job data is validated to parse). */
export const formatDate = (value: string): string => UTC_DATE.format(new Date(value));
export const formatDateTime = (value: string): string =>
  `${UTC_DATE_TIME.format(new Date(value))} UTC`;

/** "▲2 to #3 of 12" / "▼1 to #7 of 12": places gained are up (a lower rank is better). */
export function moveText(from: number, to: number, of: number): string {
  const places = Math.abs(from - to);
  const arrow = to < from ? '▲' : '▼';
  return `${arrow}${places} to #${to} of ${of} (was #${from})`;
}

/** "12.5", or "no data" for a missing value. */
export const valueText = (value: number | null): string =>
  value === null ? 'no data' : String(value);

const requesterAddress = (requester: CorrectionRequester): MailAddress => ({
  name: headerText(requester.name),
  address: requester.email,
});

/** The rows every correction mail starts with: what was asked about. */
function correctionRows(correction: CorrectionMailSubject): Array<readonly [string, string]> {
  return [
    ['Reference', correction.reference],
    ['Company', correction.company.company_name],
    ['Figure', correction.field_label],
    ['Period', `Q${correction.period.period_qrt} ${correction.period.period_year}`],
  ];
}

const correctionReason = (settings: MailSettings): string =>
  `You receive this mail because you asked ${settings.productName} to correct its data. We keep your name and address only until your request is resolved.`;

const ledgerLink = (settings: MailSettings, correction: CorrectionMailSubject): MailBlock => ({
  type: 'action',
  label: 'See the corrections ledger',
  url: link(
    settings,
    WebPaths.correctionLedger(correction.company.industry, correction.company.slug),
  ),
});

const COMPOSERS: { [K in MailKind]: Composer<K> } = {
  welcome: ({ recipient }, settings) => ({
    to: memberAddress(recipient),
    subject: `Welcome to ${settings.productName}`,
    member: recipient,
    blocks: [
      greeting(recipient),
      {
        type: 'paragraph',
        text: `Thank you for joining ${settings.productName}. Your priorities now weigh every ranking you see, so the companies that do best on the issues you care about come first.`,
      },
      {
        type: 'action',
        label: 'Review your priorities',
        url: link(settings, WebPaths.priorities()),
      },
    ],
  }),

  'password-reset': ({ recipient, resetHash, expiresAt }, settings) => ({
    to: memberAddress(recipient),
    subject: `Reset your ${settings.productName} password`,
    member: recipient,
    blocks: [
      greeting(recipient),
      {
        type: 'paragraph',
        text: `Someone asked to reset the password of your ${settings.productName} account. Open the link below to choose a new one. It works once, until ${formatDateTime(expiresAt)}.`,
      },
      {
        type: 'action',
        label: 'Choose a new password',
        url: link(settings, WebPaths.passwordReset(resetHash)),
      },
      {
        type: 'paragraph',
        text: 'If you did not ask for this, ignore this mail: your password stays as it is.',
      },
    ],
  }),

  'email-verification': ({ recipient, verifyHash }, settings) => ({
    to: memberAddress(recipient),
    subject: `Confirm your email address for ${settings.productName}`,
    member: recipient,
    blocks: [
      greeting(recipient),
      {
        type: 'paragraph',
        text: `Please confirm that this is your email address for your ${settings.productName} account.`,
      },
      {
        type: 'action',
        label: 'Confirm my email address',
        url: link(settings, WebPaths.verify(verifyHash)),
      },
      {
        type: 'paragraph',
        text: `If you did not create a ${settings.productName} account, ignore this mail.`,
      },
    ],
  }),

  contact: ({ fromName, fromEmail, message, uid, reportTitle: title }, settings) => {
    // A blank title is a plain message, not a correction request.
    const reportTitle = title?.trim() || null;
    return {
      to: { name: `${settings.productName} contact`, address: settings.contactInbox },
      replyTo: { name: headerText(fromName), address: fromEmail },
      subject: headerText(
        reportTitle
          ? `[${settings.productName}] Correction request: ${reportTitle}`
          : `[${settings.productName}] Message from ${fromName}`,
      ),
      member: null,
      blocks: [
        {
          type: 'paragraph',
          text: reportTitle
            ? `A correction request for the report "${reportTitle}" arrived through the contact form.`
            : 'A message arrived through the contact form. Reply to this mail to answer the sender.',
        },
        {
          type: 'fields',
          rows: [
            ['From', `${fromName} <${fromEmail}>`],
            ['Member', uid ?? 'not signed in'],
            ...(reportTitle ? ([['Report', reportTitle]] as const) : []),
          ],
        },
        { type: 'quote', text: message },
      ],
    };
  },

  'discontinue-confirmation': ({ recipient, finalDate }, settings) => ({
    to: memberAddress(recipient),
    subject: `Your ${settings.productName} membership ends on ${formatDate(finalDate)}`,
    member: recipient,
    blocks: [
      greeting(recipient),
      {
        type: 'paragraph',
        text: `As you asked, your ${settings.productName} membership is discontinued. On ${formatDate(finalDate)} your account and your priorities will be deleted.`,
      },
      {
        type: 'paragraph',
        text: 'Changed your mind? Sign in before then and choose to continue your membership.',
      },
      { type: 'action', label: 'Sign in', url: link(settings, WebPaths.signIn()) },
    ],
  }),

  'account-changed': ({ recipient, change, changedAt }, settings) => ({
    to: memberAddress(recipient),
    subject: `The ${change} of your ${settings.productName} account was changed`,
    member: recipient,
    blocks: [
      greeting(recipient),
      {
        type: 'paragraph',
        text: `The ${change} of your ${settings.productName} account was changed on ${formatDateTime(changedAt)}.`,
      },
      {
        type: 'paragraph',
        text: 'If this was not you, reset your password now and write to us through the contact form.',
      },
      {
        type: 'action',
        label: 'Sign in or reset your password',
        url: link(settings, WebPaths.signIn()),
      },
    ],
  }),

  'rank-alert': ({ recipient, company, period, moves }, settings) => {
    const quarter = `Q${period.period_qrt} ${period.period_year}`;
    const first = moves[0]!;
    return {
      to: memberAddress(recipient),
      subject: headerText(
        `${company.company_name} moved in the ${quarter} ${settings.productName} rankings`,
      ),
      member: recipient,
      blocks: [
        greeting(recipient),
        {
          type: 'paragraph',
          text: `New data for ${quarter} moved ${company.company_name}, a company you follow on ${settings.productName}:`,
        },
        {
          type: 'fields',
          rows: moves.map(
            (move) => [move.industry_text, moveText(move.from, move.to, move.of)] as const,
          ),
        },
        {
          type: 'action',
          label: `See ${company.company_name}`,
          url: link(settings, WebPaths.company(first.industry, first.slug)),
        },
        {
          type: 'paragraph',
          text: 'Ranks are overall ranks within each industry (1 is best). You receive one mail per company and quarter; unfollow it on its page or your account page.',
        },
      ],
    };
  },

  // Anyone can ask with any address: nothing the requester wrote (name, text) is in the receipt,
  // so it cannot carry a message to a stranger (decision 0041).
  'correction-received': ({ requester, correction, promiseDays }, settings) => ({
    to: { name: '', address: requester.email },
    subject: headerText(
      `We received your correction request ${correction.reference} for ${correction.company.company_name}`,
    ),
    member: null,
    reason: correctionReason(settings),
    blocks: [
      { type: 'paragraph', text: 'Hello,' },
      {
        type: 'paragraph',
        text: `Thank you: ${settings.productName} received your correction request. We resolve every request within ${promiseDays} days, and publish the outcome on the company's corrections ledger.`,
      },
      { type: 'fields', rows: correctionRows(correction) },
      ledgerLink(settings, correction),
    ],
  }),

  'correction-resolved': (
    { requester, correction, outcome, correctedFieldLabel, before, after, reason },
    settings,
  ) => ({
    to: requesterAddress(requester),
    subject: headerText(
      `Your correction request ${correction.reference} was ${outcome === 'accepted' ? 'accepted' : 'not accepted'}`,
    ),
    member: null,
    reason: correctionReason(settings),
    blocks: [
      { type: 'paragraph', text: `Hello ${requester.name.trim()},` },
      {
        type: 'paragraph',
        text:
          outcome === 'accepted'
            ? `We checked your request and corrected our data: the new value is now published, and the rankings use it.`
            : `We checked your request and did not change our data, for the reason below.`,
      },
      {
        type: 'fields',
        rows: [
          ...correctionRows(correction),
          ...(outcome === 'accepted'
            ? ([
                ['Corrected', correctedFieldLabel ?? correction.field_label],
                ['Change', `${valueText(before)} → ${valueText(after)}`],
              ] as const)
            : []),
        ],
      },
      { type: 'quote', text: reason },
      ledgerLink(settings, correction),
    ],
  }),

  'email-in-use': ({ recipient }, settings) => ({
    to: memberAddress(recipient),
    subject: `Someone tried to use your email address on ${settings.productName}`,
    member: recipient,
    blocks: [
      greeting(recipient),
      {
        type: 'paragraph',
        text: `Someone signed in to another ${settings.productName} account tried to change its email address to this one. Your account already uses it, so nothing was changed.`,
      },
      {
        type: 'paragraph',
        text: 'If this was you, sign in with this address instead. Otherwise you need not do anything.',
      },
      { type: 'action', label: 'Sign in', url: link(settings, WebPaths.signIn()) },
    ],
  }),
};

/** The kinds a member can stop with the unsubscribe link, besides the newsletter. */
const OPTIONAL_KINDS: ReadonlySet<MailKind> = new Set<MailKind>(['rank-alert']);

/** Renders a validated job into a complete mail. Pure: the same job always gives the same mail. */
export function renderMail(job: MailJob, settings: MailSettings): RenderedMail {
  const compose = COMPOSERS[job.kind] as Composer<MailKind>;
  const composition = compose(job.data, settings);
  const unsubscribeUrl = composition.member
    ? link(
        settings,
        WebPaths.unsubscribe(composition.member.uid, composition.member.unsubscribeKey),
      )
    : null;
  const layout = {
    productName: settings.productName,
    homeUrl: link(settings, WebPaths.home()),
    subject: composition.subject,
    blocks: composition.blocks,
    reason: composition.member
      ? OPTIONAL_KINDS.has(job.kind)
        ? `You receive this mail because you follow companies on ${settings.productName}. The unsubscribe link stops these alerts.`
        : `You receive this mail because you have a ${settings.productName} account.`
      : (composition.reason ?? `Sent by the contact form of ${settings.productName}.`),
    unsubscribeUrl,
  };
  return {
    to: composition.to,
    replyTo: composition.replyTo ?? null,
    subject: composition.subject,
    text: renderText(layout),
    html: renderHtml(layout),
    listUnsubscribe: unsubscribeUrl ? `<${unsubscribeUrl}>` : null,
  };
}
