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

/** A request on a service's request stream. */
export interface RequestMessage {
  /** Correlation id, echoed in the reply. */
  id: string;
  pattern: string;
  data: unknown;
  /** Reply stream of the requesting client. */
  replyTo: string;
  /** Absolute deadline, epoch ms. Past it nobody is waiting for the answer. */
  deadline: number;
}

/** A reply on a client's reply stream. `ok: false` means `body` is a RemoteErrorPayload. */
export interface ReplyMessage {
  id: string;
  ok: boolean;
  /** Absent when the handler produced no value (undefined). */
  body?: unknown;
}

export interface EventMessage {
  pattern: string;
  data: unknown;
}

export type Fields = readonly string[];

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

function encodeData(data: unknown): string[] {
  // JSON has no `undefined`; leaving the field out lets the other side restore it.
  const json = data === undefined ? undefined : JSON.stringify(data);
  return json === undefined ? [] : ['data', json];
}

function decodeData(record: Record<string, string>): unknown {
  const json = record.data;
  if (json === undefined) return undefined;
  try {
    return JSON.parse(json);
  } catch {
    throw new CodecError('Field "data" is not valid JSON');
  }
}

export function encodeRequest(message: RequestMessage): string[] {
  return [
    'id',
    message.id,
    'pattern',
    message.pattern,
    'reply',
    message.replyTo,
    'deadline',
    String(message.deadline),
    ...encodeData(message.data),
  ];
}

export function decodeRequest(fields: Fields): RequestMessage {
  const record = toRecord(fields);
  const deadline = Number(required(record, 'deadline'));
  if (!Number.isFinite(deadline)) throw new CodecError('Field "deadline" is not a number');
  return {
    id: required(record, 'id'),
    pattern: required(record, 'pattern'),
    replyTo: required(record, 'reply'),
    deadline,
    data: decodeData(record),
  };
}

export function encodeReply(message: ReplyMessage): string[] {
  return ['id', message.id, 'status', message.ok ? 'ok' : 'error', ...encodeData(message.body)];
}

export function decodeReply(fields: Fields): ReplyMessage {
  const record = toRecord(fields);
  const status = required(record, 'status');
  if (status !== 'ok' && status !== 'error') throw new CodecError(`Unknown status "${status}"`);
  const body = decodeData(record);
  return {
    id: required(record, 'id'),
    ok: status === 'ok',
    ...(body === undefined ? {} : { body }),
  };
}

export function encodeEvent(message: EventMessage): string[] {
  return ['pattern', message.pattern, ...encodeData(message.data)];
}

export function decodeEvent(fields: Fields): EventMessage {
  const record = toRecord(fields);
  return { pattern: required(record, 'pattern'), data: decodeData(record) };
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
