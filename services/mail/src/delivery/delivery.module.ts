import { Module } from '@nestjs/common';
import { MailMetrics } from './mail-metrics';
import { MailWorker } from './mail.worker';
import { SmtpTransport } from './smtp-transport';

@Module({ providers: [SmtpTransport, MailMetrics, MailWorker] })
export class DeliveryModule {}
