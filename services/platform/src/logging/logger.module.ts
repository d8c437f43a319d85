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

/** Structured JSON logs (pino) with the service name on every line. */
export function structuredLogging(service: string, config: Pick<CommonConfig, 'LOG_LEVEL'>) {
  return LoggerModule.forRoot({
    pinoHttp: {
      level: config.LOG_LEVEL,
      base: { service },
      redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
      autoLogging: {
        ignore: (req) => (req.url ?? '').startsWith('/health') || req.url === '/metrics',
      },
      customLogLevel: (_req, res, error) => {
        if (error || res.statusCode >= 500) return 'error';
        if (res.statusCode >= 400) return 'warn';
        return 'info';
      },
    },
  });
}
