import { Inject, Injectable } from '@nestjs/common';
import { MailKinds, type MailKind } from '@upright/contracts';
import { Metrics } from '@upright/platform';
import { Counter } from 'prom-client';

/**
 * `upright_mail_sent_total`, `upright_mail_failed_total` and `upright_mail_suppressed_total` on
 * the process's /metrics.
 */
@Injectable()
export class MailMetrics {
  private readonly sent: Counter<'kind'>;
  private readonly failed: Counter<'kind' | 'outcome'>;
  private readonly suppressed: Counter<'kind'>;

  constructor(@Inject(Metrics) metrics: Metrics) {
    this.sent = new Counter({
      name: 'upright_mail_sent_total',
      help: 'Mails accepted by the SMTP server, per kind',
      labelNames: ['kind'],
      registers: [metrics.registry],
    });
    this.failed = new Counter({
      name: 'upright_mail_failed_total',
      help: 'Failed delivery attempts per kind; outcome retry (will be tried again) or dead_letter',
      labelNames: ['kind', 'outcome'],
      registers: [metrics.registry],
    });
    this.suppressed = new Counter({
      name: 'upright_mail_suppressed_total',
      help: 'Mails not sent because their recipient had no budget left, per kind',
      labelNames: ['kind'],
      registers: [metrics.registry],
    });
    // Every series from zero: `rate()` and `increase()` see no rise in a series' first sample, so
    // the first failed or suppressed mail of a kind would never reach an alert (decision 0074).
    for (const kind of Object.values(MailKinds)) {
      this.sent.inc({ kind }, 0);
      this.suppressed.inc({ kind }, 0);
      for (const outcome of ['retry', 'dead_letter'] as const)
        this.failed.inc({ kind, outcome }, 0);
    }
  }

  countSuppressed(kind: MailKind): void {
    this.suppressed.inc({ kind });
  }

  countSent(kind: MailKind): void {
    this.sent.inc({ kind });
  }

  /** `kind` is the job's name, which may not be a known kind when the job was malformed. */
  countFailed(kind: string, outcome: 'retry' | 'dead_letter'): void {
    this.failed.inc({ kind: kind.slice(0, 40), outcome });
  }
}
