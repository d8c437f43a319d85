import { Module } from '@nestjs/common';
import { MailMetrics } from './mail-metrics';
import { MailWorker } from './mail.worker';
import { RecipientBudget } from './recipient-budget';
import { SendRecord } from './send-record';
import { SmtpTransport } from './smtp-transport';

@Module({ providers: [SmtpTransport, MailMetrics, RecipientBudget, SendRecord, MailWorker] })
export class DeliveryModule {}
