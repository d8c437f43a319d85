import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ReadinessRegistry, SERVICE_CONFIG } from '@upright/platform';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { MailConfig } from '../config';
import { smtpPoolOptions } from './smtp-options';
import { CachedSmtpCheck } from './smtp-readiness';

/**
 * The pooled SMTP connection to `SMTP_URL`; readiness asks the server for a greeting at most once
 * a minute (CachedSmtpCheck), and an accepted message counts as one.
 */
@Injectable()
export class SmtpTransport implements OnModuleInit, OnApplicationShutdown {
  private readonly transporter: Transporter<SMTPPool.SentMessageInfo>;
  private readonly readinessCheck = new CachedSmtpCheck(() => this.verify());

  constructor(
    @Inject(SERVICE_CONFIG) config: MailConfig,
    @Inject(ReadinessRegistry) private readonly readiness: ReadinessRegistry,
  ) {
    this.transporter = nodemailer.createTransport(
      smtpPoolOptions(config.SMTP_URL, config.MAIL_CONCURRENCY),
    );
  }

  onModuleInit(): void {
    this.readiness.register({ name: 'smtp', check: () => this.readinessCheck.run() });
  }

  /** Resolves once the server accepted the message; rejects with nodemailer's SMTP error. */
  async send(message: SendMailOptions): Promise<SMTPPool.SentMessageInfo> {
    const info = await this.transporter.sendMail(message);
    this.readinessCheck.succeeded();
    return info;
  }

  verify(): Promise<true> {
    return this.transporter.verify();
  }

  onApplicationShutdown(): void {
    this.transporter.close();
  }
}
