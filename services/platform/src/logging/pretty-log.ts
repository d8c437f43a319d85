import { levels, type DestinationStream } from 'pino';

/** A pino record as it is written: already redacted and serialized. */
type LogRecord = Record<string, unknown>;

/**
 * Fields a person reading `make up` does not need on every line: the same on all of a process's
 * lines (the process name is concurrently's prefix), or the request's whole headers.
 */
const UNSHOWN = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'service',
  'msg',
  'context',
  'req',
  'res',
  'responseTime',
  'err',
  'trace_id',
  'span_id',
  'trace_flags',
]);

/** `12:34:56.789`, the local time of day (a development log spans one session). */
function clock(time: unknown): string {
  const at = new Date(typeof time === 'number' ? time : Date.now());
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}.${pad(at.getMilliseconds(), 3)}`;
}

/** pino-http's line for a finished request: `GET /api/x 200 12ms`, and how it ended otherwise. */
function requestText(record: LogRecord): string | null {
  const { req, res, responseTime, msg } = record as {
    req?: { method?: string; url?: string };
    res?: { statusCode?: number };
    responseTime?: number;
    msg?: string;
  };
  if (!req || !res || responseTime === undefined) return null;
  const line = `${req.method} ${req.url} ${res.statusCode} ${responseTime}ms`;
  return msg === 'request completed' ? line : `${line} (${msg})`;
}

/** The other fields as `key=value`, strings bare. */
function extras(record: LogRecord): string {
  return Object.entries(record)
    .filter(([key]) => !UNSHOWN.has(key))
    .map(([key, value]) => ` ${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('');
}

/** An error's stack (or message), indented under its line. */
function errorText(err: unknown): string {
  if (!err || typeof err !== 'object') return '';
  const { stack, message } = err as { stack?: string; message?: string };
  const text = stack ?? message;
  return text ? `\n    ${text.split('\n').join('\n    ')}` : '';
}

/** One short line a person reads for one pino record (JSON); a line that is not JSON as it is. */
export function prettyLine(json: string): string {
  let record: LogRecord;
  try {
    record = JSON.parse(json) as LogRecord;
  } catch {
    return json;
  }
  const level = (levels.labels[record.level as number] ?? String(record.level)).toUpperCase();
  const context = typeof record.context === 'string' ? `[${record.context}] ` : '';
  const text = requestText(record) ?? String(record.msg ?? '');
  return `${clock(record.time)} ${level.padEnd(5)} ${context}${text}${extras(record)}${errorText(record.err)}`;
}

/**
 * pino's destination for LOG_FORMAT=pretty: each record as `prettyLine` makes it. pino has
 * redacted it first, and no header is shown anyway.
 */
export function prettyLogStream(
  out: Pick<NodeJS.WritableStream, 'write'> = process.stdout,
): DestinationStream {
  return {
    write(chunk: string) {
      for (const json of chunk.split('\n')) if (json) out.write(`${prettyLine(json)}\n`);
    },
  };
}
