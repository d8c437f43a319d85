import {
  correctionFieldLabel,
  correctionReference,
  isCorrectionField,
  mailJobId,
  mailQueueJobs,
  type CorrectionField,
  type CorrectionMailSubject,
  type MailJobData,
} from '@upright/contracts';
import { QueueProducer, type QueueConnectionConfig } from '@upright/platform';
import type { ResolvingRow } from './corrections.repository';
import { toLedgerEntry } from './ledger';

// The decision's mail of a correction request (decision 0038), as a rejection queues it through
// CorrectionMail and a publish of the editors' desk queues it for the requests its draft carried.

/** An undecided request still names its requester (the database checks it). */
export type Requester = { requesterName: string; requesterEmail: string };

export function withRequester<T extends ResolvingRow>(row: T): (T & Requester) | null {
  const { requesterName, requesterEmail } = row;
  return requesterName === null || requesterEmail === null
    ? null
    : { ...row, requesterName, requesterEmail };
}

export function fieldOf(row: { field: string }): CorrectionField {
  if (!isCorrectionField(row.field)) throw new Error(`correction with unknown field ${row.field}`);
  return row.field;
}

function mailSubject(row: ResolvingRow): CorrectionMailSubject {
  return {
    reference: correctionReference(row.id),
    company: {
      company_name: row.company.companyName,
      industry: row.industry,
      slug: row.company.slug,
    },
    field_label: correctionFieldLabel(fieldOf(row)),
    period: { period_year: row.periodYear, period_qrt: row.periodQrt },
  };
}

/** The "correction-resolved" mail of a request resolved as `row` now says, and its job id. */
export interface ResolutionMail {
  data: MailJobData['correction-resolved'];
  jobId: string;
}

/**
 * The decision's mail: a rejection's when the request is rejected, an acceptance's when the draft
 * that carried its change is published (decision 0077). Read from the row before the requester
 * is erased.
 */
export function resolutionMail(row: ResolvingRow & Requester): ResolutionMail {
  const entry = toLedgerEntry(row);
  const subject = mailSubject(row);
  return {
    data: {
      requester: { name: row.requesterName, email: row.requesterEmail },
      correction: subject,
      outcome: entry.status === 'accepted' ? 'accepted' : 'rejected',
      correctedFieldLabel: entry.corrected_field_label,
      before: entry.before_value,
      after: entry.after_value,
      reason: entry.reason ?? '',
    },
    jobId: mailJobId.correctionResolved(subject.reference),
  };
}

/**
 * Queues acceptance mails outside Nest (the editors' desk publishes from the service and from
 * `make import`): a producer of `mail-rankings` for these adds, closed after them.
 */
export async function queueResolutionMails(
  config: QueueConnectionConfig,
  mails: readonly ResolutionMail[],
): Promise<void> {
  if (mails.length === 0) return;
  const producer = new QueueProducer(mailQueueJobs.rankings, config);
  try {
    for (const mail of mails) {
      await producer.add('correction-resolved', mail.data, { jobId: mail.jobId });
    }
  } finally {
    await producer.close();
  }
}
