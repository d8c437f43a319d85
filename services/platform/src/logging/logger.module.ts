import { LoggerModule } from 'nestjs-pino';
import type { CommonConfig } from '../config/common-schema';

/** Fields that may carry secrets or personal data and are never written to logs. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.email',
];

/**
 * Paths that carry a mailed secret (a reset or verification code, an unsubscribe key) in a
 * segment: the segment is replaced before a request is logged (issue 12).
 */
const SECRET_PATH_SEGMENTS = [
  /^(\/api\/validatehash\/)[^/?#]+/,
  /^(\/account\/(?:reset|verify)\/)[^/?#]+/,
  /^(\/account\/unsubscribe\/[^/?#]+\/)[^/?#]+/,
];

export function redactSecretPath(url: string): string {
  return SECRET_PATH_SEGMENTS.reduce((path, pattern) => path.replace(pattern, '$1[redacted]'), url);
}

/** pino-http's options for a service: level, service name, redaction of secrets. */
export function httpLogOptions(service: string, config: Pick<CommonConfig, 'LOG_LEVEL'>) {
  return {
    level: config.LOG_LEVEL,
    base: { service },
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { url?: string }) => ({ ...req, url: redactSecretPath(req.url ?? '') }),
    },
    autoLogging: {
      ignore: (req: { url?: string }) =>
        (req.url ?? '').startsWith('/health') || req.url === '/metrics',
    },
    customLogLevel: (_req: unknown, res: { statusCode: number }, error?: Error) => {
      if (error || res.statusCode >= 500) return 'error' as const;
      if (res.statusCode >= 400) return 'warn' as const;
      return 'info' as const;
    },
  };
}

/** Structured JSON logs (pino) with the service name on every line. */
export function structuredLogging(service: string, config: Pick<CommonConfig, 'LOG_LEVEL'>) {
  return LoggerModule.forRoot({ pinoHttp: httpLogOptions(service, config) });
}
