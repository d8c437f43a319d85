import { Inject, Logger } from '@nestjs/common';
import { mailWorkerQueues, type JobOf, type MailJob } from '@upright/contracts';
import {
  QueueWorker,
  SERVICE_CONFIG,
  type QueueConsumer,
  type QueueWorkerSettings,
} from '@upright/platform';
import { UnrecoverableError, type Job } from 'bullmq';
import type { MailConfig } from '../config';
import { renderMail, type MailSettings } from '../templates/render-mail';
import { MailMetrics } from './mail-metrics';
import { recipientUid, redactedMailData } from './mail-job-data';
import { messageIdFor } from './message-id';
import { RecipientBudget } from './recipient-budget';
import { SendRecord } from './send-record';
import { describeFailure, isPermanentSmtpFailure } from './smtp-failure';
import { SmtpTransport } from './smtp-transport';

/**
 * Completed jobs are kept (without personal data) this long, so a producer that adds the same
 * job id again — a retried request, a repeated priorities save — is still a no-op.
 */
export const COMPLETED_JOB_RETENTION_SECONDS = 30 * 24 * 3600;

/** A stalled job (its process died) goes back to the queue this often before it is failed. */
const MAX_STALLED_COUNT = 3;

/**
 * How often the workers look for jobs whose lock expired (BullMQ's stalled check). A dead
 * process's job is moved back at the first check after its lock expired, provided an earlier
 * check had marked it, so it waits at most the lock plus two intervals: 1.4 × the lock
 * (decision 0051). Checking only once per lock, as before, let it wait up to three locks.
 */
export function stalledIntervalMs(lockDurationMs: number): number {
  return Math.max(500, Math.round(lockDurationMs / 5));
}

/** The contract of one of the mail queues. */
type MailQueueContract = (typeof mailWorkerQueues)[number];

/** What a job's processing stored: the mail's Message-ID, or why it was not sent. */
type MailOutcome = { messageId: string } | { suppressed: 'recipient-budget' };

/**
 * The consumer of every producer's mail queue (decision 0041): renders a job (checked by the
 * platform against its queue's contract, so a kind its producer may not send fails for good)
 * and hands it to SMTP unless its recipient's budget is spent. Delivery is at least once; see
 * docs/services/mail.md for the one window in which a mail can be sent twice and how its
 * Message-ID makes that visible.
 */
@QueueWorker(mailWorkerQueues)
export class MailWorker implements QueueConsumer<MailQueueContract> {
  private readonly logger = new Logger('MailWorker');
  private readonly settings: MailSettings;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: MailConfig,
    @Inject(SmtpTransport) private readonly smtp: SmtpTransport,
    @Inject(MailMetrics) private readonly metrics: MailMetrics,
    @Inject(RecipientBudget) private readonly budget: RecipientBudget,
    @Inject(SendRecord) private readonly sends: SendRecord,
  ) {
    this.settings = {
      productName: config.PRODUCT_NAME,
      publicUrl: config.PUBLIC_URL,
      contactInbox: config.CONTACT_INBOX,
    };
  }

  workerSettings(): QueueWorkerSettings {
    return {
      concurrency: this.config.MAIL_CONCURRENCY,
      lockDuration: this.config.MAIL_LOCK_DURATION_MS,
      stalledInterval: stalledIntervalMs(this.config.MAIL_LOCK_DURATION_MS),
      maxStalledCount: MAX_STALLED_COUNT,
      removeOnComplete: { age: COMPLETED_JOB_RETENTION_SECONDS },
    };
  }

  async process(job: JobOf<MailQueueContract>, raw: Job): Promise<MailOutcome> {
    const mail = { kind: job.name, data: job.data } as MailJob;
    if (!(await this.budget.allows(mail, raw.id!))) {
      // Completed, not failed: a retry would be refused the same way. No address in the log.
      this.metrics.countSuppressed(mail.kind);
      this.logger.warn(
        { jobId: raw.id, kind: mail.kind, uid: recipientUid(raw.data) },
        'mail suppressed: its recipient has no budget left',
      );
      return { suppressed: 'recipient-budget' };
    }
    const messageId = messageIdFor(raw.id!, this.config.MAIL_FROM);
    if ((await this.sends.sentMessageId(raw.id!)) !== null) {
      // SMTP accepted it before its worker died (or lost the lock): completing is what was left.
      this.logger.warn(
        { jobId: raw.id, kind: mail.kind, messageId },
        'mail already sent; completed without sending it again',
      );
      return { messageId };
    }
    const rendered = renderMail(mail, this.settings);
    try {
      await this.smtp.send({
        from: { name: this.config.PRODUCT_NAME, address: this.config.MAIL_FROM },
        to: rendered.to,
        replyTo: rendered.replyTo ?? undefined,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        messageId,
        headers: rendered.listUnsubscribe ? { 'List-Unsubscribe': rendered.listUnsubscribe } : {},
      });
    } catch (error) {
      const reason = describeFailure(error);
      throw isPermanentSmtpFailure(error) ? new UnrecoverableError(reason) : new Error(reason);
    }
    // Before anything else, so a crash from here on cannot send it again.
    await this.sends.recordSent(raw.id!, messageId);
    this.metrics.countSent(mail.kind);
    this.logger.log(
      { jobId: raw.id, kind: mail.kind, messageId, attempt: raw.attemptsMade + 1 },
      'mail sent',
    );
    return { messageId };
  }

  onCompleted(job: Job): void {
    void this.forgetPersonalData(job);
  }

  /**
   * A sent or dead-lettered mail's addresses, names, messages and link codes leave Redis; the
   * id (idempotency) and the member's uid (the dead-letter view, deletion) stay.
   */
  private async forgetPersonalData(job: Job): Promise<void> {
    try {
      await job.updateData(redactedMailData(job.data));
    } catch (error) {
      this.logger.warn({ jobId: job.id, err: describeFailure(error) }, 'could not redact job');
    }
  }

  onFailed(job: Job, error: Error): void {
    // moveToFailed sets finishedOn only when the job will not be tried again.
    const deadLetter = job.finishedOn !== undefined;
    if (deadLetter) void this.forgetPersonalData(job);
    this.metrics.countFailed(job.name, deadLetter ? 'dead_letter' : 'retry');
    this.logger.warn(
      {
        jobId: job.id,
        kind: job.name,
        uid: recipientUid(job.data),
        attempt: job.attemptsMade,
        err: error.message,
      },
      deadLetter ? 'mail failed, moved to dead letters' : 'mail failed, will retry',
    );
  }
}
