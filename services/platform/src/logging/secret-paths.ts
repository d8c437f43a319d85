/**
 * Paths that carry a mailed secret (a reset or verification code, an unsubscribe key) in a
 * segment: the segment is replaced before a request is logged or traced. A module of its own so
 * tracing, which starts before pino loads, can use it without loading the logger.
 */
const SECRET_PATH_SEGMENTS = [
  /^(\/api\/validatehash\/)[^/?#]+/,
  /^(\/account\/(?:reset|verify)\/)[^/?#]+/,
  /^(\/account\/unsubscribe\/[^/?#]+\/)[^/?#]+/,
];

export function redactSecretPath(url: string): string {
  return SECRET_PATH_SEGMENTS.reduce((path, pattern) => path.replace(pattern, '$1[redacted]'), url);
}
