import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { Queues } from '@upright/contracts';
import { bullmqOptions, SERVICE_CONFIG } from '@upright/platform';
import { Job, UnrecoverableError, Worker } from 'bullmq';
import type { MailConfig } from '../config';
import { renderMail, type MailSettings } from '../templates/render-mail';
import { MailMetrics } from './mail-metrics';
import { messageIdFor } from './message-id';
import {
  InvalidMailJobError,
  parseMailJob,
  recipientUid,
  redactedMailData,
} from './parse-mail-job';
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
 * The BullMQ worker of the `mail` queue: validates a job, renders it, hands it to SMTP.
 * Delivery is at least once; see docs/services/mail.md for the one window in which a mail can
 * be sent twice and how its Message-ID makes that visible.
 */
@Injectable()
export class MailWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('MailWorker');
  private readonly settings: MailSettings;
  private worker?: Worker;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: MailConfig,
    @Inject(SmtpTransport) private readonly smtp: SmtpTransport,
    @Inject(MailMetrics) private readonly metrics: MailMetrics,
  ) {
    this.settings = {
      productName: config.PRODUCT_NAME,
      publicUrl: config.PUBLIC_URL,
      contactInbox: config.CONTACT_INBOX,
    };
  }

  onApplicationBootstrap(): void {
    // A hybrid app (HTTP + transport) may run bootstrap hooks once for each.
    if (this.worker) return;
    this.worker = new Worker(Queues.mail, (job) => this.deliver(job), {
      ...bullmqOptions(this.config),
      concurrency: this.config.MAIL_CONCURRENCY,
      lockDuration: this.config.MAIL_LOCK_DURATION_MS,
      // Look for jobs of dead processes as often as a lock can expire.
      stalledInterval: this.config.MAIL_LOCK_DURATION_MS,
      maxStalledCount: MAX_STALLED_COUNT,
      removeOnComplete: { age: COMPLETED_JOB_RETENTION_SECONDS },
    });
    this.worker.on('completed', (job) => void this.forgetPersonalData(job));
    this.worker.on('failed', (job, error) => job && this.noteFailure(job, error));
    this.worker.on('error', (error) =>
      this.logger.error({ err: describeFailure(error) }, 'mail worker error'),
    );
  }

  /** SIGTERM: takes no new job and waits for the mails being sent to finish. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }

  private async deliver(job: Job): Promise<{ messageId: string }> {
    let mail;
    try {
      mail = parseMailJob(job.name, job.data);
    } catch (error) {
      if (error instanceof InvalidMailJobError) throw new UnrecoverableError(error.message);
      throw error;
    }
    const rendered = renderMail(mail, this.settings);
    const messageId = messageIdFor(job.id!, this.config.MAIL_FROM);
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
    this.metrics.countSent(mail.kind);
    this.logger.log(
      { jobId: job.id, kind: mail.kind, messageId, attempt: job.attemptsMade + 1 },
      'mail sent',
    );
    return { messageId };
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

  private noteFailure(job: Job, error: Error): void {
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
