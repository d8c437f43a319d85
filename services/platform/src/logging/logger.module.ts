import { LoggerModule, type Params } from 'nestjs-pino';
import type { CommonConfig } from '../config/common-schema';
import { prettyLogStream } from './pretty-log';
import { redactSecretPath } from './secret-paths';

/** Fields that may carry secrets or personal data and are never written to logs. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  // Exempts its holder from every per-address budget (decision 0044).
  'req.headers["x-load-test"]',
  // Derives the id and the cipher key of a kept outcome (decision 0050).
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.email',
];

export { redactSecretPath };

/** pino-http's options for a service: level, service name, redaction of secrets. */
export function httpLogOptions(service: string, config: Pick<CommonConfig, 'LOG_LEVEL'>) {
  return {
    level: config.LOG_LEVEL,
    base: { service },
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    serializers: {
      // The route's parameters repeat the path's segments, a mailed secret included: the
      // redacted path says it all.
      req: (req: { url?: string }) => ({
        ...req,
        url: redactSecretPath(req.url ?? ''),
        params: undefined,
      }),
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

/**
 * nestjs-pino's `pinoHttp`: JSON lines on stdout, or at LOG_FORMAT=pretty the same records as
 * one short line each (`make up`).
 */
export function pinoHttpParams(
  service: string,
  config: Pick<CommonConfig, 'LOG_LEVEL' | 'LOG_FORMAT'>,
): NonNullable<Params['pinoHttp']> {
  const options = httpLogOptions(service, config);
  return config.LOG_FORMAT === 'pretty' ? [options, prettyLogStream()] : options;
}

/** Structured logs (pino) with the service name on every record. */
export function structuredLogging(
  service: string,
  config: Pick<CommonConfig, 'LOG_LEVEL' | 'LOG_FORMAT'>,
) {
  return LoggerModule.forRoot({ pinoHttp: pinoHttpParams(service, config) });
}
