import { Module } from '@nestjs/common';
import { MailMetrics } from './mail-metrics';
import { MailWorker } from './mail.worker';
import { RecipientBudget } from './recipient-budget';
import { SmtpTransport } from './smtp-transport';

@Module({ providers: [SmtpTransport, MailMetrics, RecipientBudget, MailWorker] })
export class DeliveryModule {}
