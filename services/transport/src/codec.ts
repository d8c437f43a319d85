/**
 * Wire format. Every stream entry is a flat list of string fields; user data is always one JSON
 * string in the `data` field so that Redis never has to understand it and other tools
 * (redis-cli, XRANGE in an incident) can still read it.
 */

export class CodecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CodecError';
  }
}

/**
 * The W3C trace context of a message (decision 0075), when the sender was traced; covered by its
 * MAC like every other field.
 */
export interface WireTrace {
  traceparent?: string;
  tracestate?: string;
}

/**
 * A request as it travels: `data` is the JSON text of the payload, or its sealed form for a
 * sealed pattern (see envelope.ts). The reply stream is not in it: the server derives it from
 * the authenticated sender and `client`, so nobody can direct a reply elsewhere.
 */
export interface WireRequest extends WireTrace {
  /** Correlation id, echoed in the reply; unique per sender within the deadline window. */
  id: string;
  pattern: string;
  /** The sending process's identity, authenticated by `mac`. */
  from: string;
  /** Client instance of the sender; names its reply stream. */
  client: string;
  /** Absolute deadline, epoch ms. Past it nobody is waiting for the answer. */
  deadline: number;
  data?: string;
  mac: string;
}

/** A reply on a client's reply stream. `ok: false` means `data` is a RemoteErrorPayload. */
export interface WireReply {
  id: string;
  from: string;
  ok: boolean;
  /** Absent when the handler produced no value (undefined). */
  data?: string;
  mac: string;
}

/** An event, with one MAC per subscribing identity (each verifies its own). */
export interface WireEvent extends WireTrace {
  pattern: string;
  from: string;
  data?: string;
  macs: Readonly<Record<string, string>>;
}

export type Fields = readonly string[];

const TOKEN = /^[A-Za-z0-9._-]+$/;
const MAC_PREFIX = 'mac:';

function toRecord(fields: Fields): Record<string, string> {
  if (fields.length % 2 !== 0) throw new CodecError('Odd number of stream fields');
  const record: Record<string, string> = {};
  for (let i = 0; i < fields.length; i += 2) record[fields[i]] = fields[i + 1];
  return record;
}

function required(record: Record<string, string>, name: string): string {
  const value = record[name];
  if (value === undefined || value === '') throw new CodecError(`Missing field "${name}"`);
  return value;
}

/** A field that names something (a process, a client, an id): no separators, no spaces. */
function token(record: Record<string, string>, name: string): string {
  const value = required(record, name);
  if (!TOKEN.test(value)) throw new CodecError(`Field "${name}" is not a plain name`);
  return value;
}

function dataField(data: string | undefined): string[] {
  return data === undefined ? [] : ['data', data];
}

function traceFields(message: WireTrace): string[] {
  if (message.traceparent === undefined) return [];
  const state = message.tracestate === undefined ? [] : ['tracestate', message.tracestate];
  return ['traceparent', message.traceparent, ...state];
}

/** The trace fields of a decoded entry, absent from a message sent untraced. */
function traceOf(record: Record<string, string>): WireTrace {
  const { traceparent, tracestate } = record;
  if (traceparent === undefined) return {};
  return tracestate === undefined ? { traceparent } : { traceparent, tracestate };
}

/** JSON text of a payload; undefined (JSON has none) when there is no value to send. */
export function stringifyData(data: unknown): string | undefined {
  return data === undefined ? undefined : JSON.stringify(data);
}

export function parseData(json: string | undefined): unknown {
  if (json === undefined) return undefined;
  try {
    return JSON.parse(json);
  } catch {
    throw new CodecError('Field "data" is not valid JSON');
  }
}

export function encodeRequest(message: WireRequest): string[] {
  return [
    'id',
    message.id,
    'pattern',
    message.pattern,
    'from',
    message.from,
    'client',
    message.client,
    'deadline',
    String(message.deadline),
    ...dataField(message.data),
    ...traceFields(message),
    'mac',
    message.mac,
  ];
}

export function decodeRequest(fields: Fields): WireRequest {
  const record = toRecord(fields);
  const deadline = Number(required(record, 'deadline'));
  if (!Number.isFinite(deadline)) throw new CodecError('Field "deadline" is not a number');
  return {
    id: token(record, 'id'),
    pattern: required(record, 'pattern'),
    from: token(record, 'from'),
    client: token(record, 'client'),
    deadline,
    data: record.data,
    ...traceOf(record),
    mac: required(record, 'mac'),
  };
}

export function encodeReply(message: WireReply): string[] {
  return [
    'id',
    message.id,
    'from',
    message.from,
    'status',
    message.ok ? 'ok' : 'error',
    ...dataField(message.data),
    'mac',
    message.mac,
  ];
}

export function decodeReply(fields: Fields): WireReply {
  const record = toRecord(fields);
  const status = required(record, 'status');
  if (status !== 'ok' && status !== 'error') throw new CodecError(`Unknown status "${status}"`);
  return {
    id: required(record, 'id'),
    from: required(record, 'from'),
    ok: status === 'ok',
    data: record.data,
    mac: required(record, 'mac'),
  };
}

export function encodeEvent(message: WireEvent): string[] {
  const macs = Object.entries(message.macs).flatMap(([to, mac]) => [`${MAC_PREFIX}${to}`, mac]);
  return [
    'pattern',
    message.pattern,
    'from',
    message.from,
    ...dataField(message.data),
    ...traceFields(message),
    ...macs,
  ];
}

export function decodeEvent(fields: Fields): WireEvent {
  const record = toRecord(fields);
  const macs: Record<string, string> = {};
  for (const [name, value] of Object.entries(record)) {
    if (name.startsWith(MAC_PREFIX)) macs[name.slice(MAC_PREFIX.length)] = value;
  }
  return {
    pattern: required(record, 'pattern'),
    from: token(record, 'from'),
    data: record.data,
    ...traceOf(record),
    macs,
  };
}

/** One stream entry; `fields` is null when the entry was deleted while still pending. */
export interface StreamEntry {
  id: string;
  fields: string[] | null;
}

export interface StreamBatch {
  stream: string;
  entries: StreamEntry[];
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** Parses the entry list of XRANGE/XCLAIM-style replies. */
export function parseEntries(raw: unknown): StreamEntry[] {
  if (!Array.isArray(raw)) return [];
  const entries: StreamEntry[] = [];
  for (const item of raw) {
    if (!Array.isArray(item) || typeof item[0] !== 'string') continue;
    entries.push({ id: item[0], fields: isStringArray(item[1]) ? item[1] : null });
  }
  return entries;
}

/** Parses XREAD/XREADGROUP replies (null when the BLOCK timed out). */
export function parseStreams(raw: unknown): StreamBatch[] {
  if (!Array.isArray(raw)) return [];
  const batches: StreamBatch[] = [];
  for (const item of raw) {
    if (!Array.isArray(item) || typeof item[0] !== 'string') continue;
    batches.push({ stream: item[0], entries: parseEntries(item[1]) });
  }
  return batches;
}
