import type SMTPPool from 'nodemailer/lib/smtp-pool';

/** Bounds on a stuck SMTP server, well below the job lock so a hung send fails and is retried. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * nodemailer options for `SMTP_URL` (smtp://user:pass@host:port or smtps:// for implicit TLS)
 * with a connection pool of `maxConnections`. nodemailer would parse the URL itself, but then it
 * ignores every other option (pool, timeouts), hence this.
 */
export function smtpPoolOptions(smtpUrl: string, maxConnections: number): SMTPPool.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    pool: true,
    maxConnections,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    ...TIMEOUTS,
  };
}
