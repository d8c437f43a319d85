import { ERROR_TEXTS, IDEMPOTENCY_KEY_HEADER, type ErrorBody } from '@upright/contracts';
import { CSRF_HEADER } from '../lib/constants';
import { failureText } from '../lib/messages';
import { startLoading, type LoaderStop } from '../state/loading';
import {
  busyWaitMs,
  inFlightWaitMs,
  isWorthRetrying,
  newIdempotencyKey,
  takesIdempotencyKey,
} from './idempotent-write';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
    readonly field: string | null = null,
    /** The answer's `Retry-After`, when it had one. */
    readonly retryAfter: string | null = null,
  ) {
    super(message);
  }
}

/**
 * docs/product/spec.md#s8: every failure shows a message; an empty one becomes the "unknown error"
 * text.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return ERROR_TEXTS.unknown;
}

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener = () => {};

/** The session provider registers what a 401 does (sign out, show "session expired"). */
export function setUnauthorizedListener(listener: UnauthorizedListener): void {
  onUnauthorized = listener;
}

export interface RequestOptions {
  body?: unknown;
  /** Bytes sent as they are (an upload's chunk, decision 0077) instead of a JSON `body`. */
  bytes?: Blob;
  /** 401 here means "wrong credentials", not "session expired" (sign-in, verify). */
  unauthorizedIsExpiry?: boolean;
  dim?: boolean;
  loaderStop?: LoaderStop;
  /** Quiet requests (prefetches, the session probe) do not show the loader. */
  quiet?: boolean;
}

export interface ApiResponse<T> {
  status: number;
  body: T;
}

/**
 * The CSRF token, bound by the BFF to the current session (or to none): fetched before the
 * first write, replaced whenever an answer brings a new one (sign-in, sign-up, sign-out).
 */
let csrfToken: Promise<string | null> | null = null;

function keepCsrfToken(response: Response): void {
  const token = response.headers.get(CSRF_HEADER);
  if (token) csrfToken = Promise.resolve(token);
}

/** The token for a write; one `GET /api/csrf` when none is known yet (public GETs set none). */
export function currentCsrfToken(): Promise<string | null> {
  csrfToken ??= fetch('/api/csrf', { credentials: 'same-origin' })
    .then(
      async (response) => {
        // Read to the end: an unread body holds the request open (and the connection busy).
        await response.arrayBuffer().catch(() => undefined);
        return response.headers.get(CSRF_HEADER);
      },
      () => null,
    )
    .then((token) => {
      // None now (network, BFF away): the next write asks again.
      if (token === null) csrfToken = null;
      return token;
    });
  return csrfToken;
}

const isCsrfRefusal = (status: number, error: ErrorBody['error'] | undefined): boolean =>
  status === 403 && error?.message === ERROR_TEXTS.csrfFailed;

/**
 * How the app reads answers when it renders on the server (decision 0049): an in-process call into
 * the BFF's own answers, which the BFF gives the server entry. Null in the browser (`fetch`).
 */
export type ServerFetch = (path: string, init: RequestInit) => Promise<Response>;

let serverFetch: ServerFetch | null = null;

export function requestFromServer(fetchAnswer: ServerFetch): void {
  serverFetch = fetchAnswer;
}

const RENEW_CSRF = Symbol('renew the CSRF token');

/** One try: the answer, a CSRF token to renew first (once), or the failure as an ApiError. */
async function send<T>(
  method: string,
  path: string,
  options: RequestOptions,
  idempotencyKey: string | null,
  csrfRenewable: boolean,
): Promise<ApiResponse<T> | typeof RENEW_CSRF> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.bytes !== undefined) headers['Content-Type'] = 'application/octet-stream';
  else if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    const csrf = await currentCsrfToken();
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  if (idempotencyKey !== null) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
  let response: Response;
  try {
    response = await (serverFetch ?? fetch)(path, {
      method,
      headers,
      credentials: 'same-origin',
      body:
        options.bytes ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
  } catch {
    throw new ApiError(0, failureText(0, ''), 'network');
  }
  keepCsrfToken(response);
  if (response.status === 204) return { status: 204, body: null as T };
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const error = (parsed as ErrorBody | null)?.error;
    // The token was for a session that ended meanwhile (expired, signed out in another tab).
    if (isCsrfRefusal(response.status, error) && csrfRenewable) {
      csrfToken = null;
      return RENEW_CSRF;
    }
    if (response.status === 401 && options.unauthorizedIsExpiry !== false) onUnauthorized();
    throw new ApiError(
      response.status,
      failureText(response.status, error?.message ?? ''),
      error?.code ?? null,
      error?.field ?? null,
      response.headers.get('Retry-After'),
    );
  }
  return { status: response.status, body: parsed as T };
}

/**
 * Every call to the BFF: JSON in and out, CSRF header on writes, docs/product/spec.md#s8 401
 * handling. A write is one user action with one `Idempotency-Key` (decision 0050): sent
 * again once with the same key when no answer came or the answer was a 502, 503 or 504 (after
 * its short `Retry-After` when the BFF shed it), and
 * asked again after `Retry-After` when an earlier try of the key is still being answered; the
 * BFF answers every try with the first outcome, so nothing is applied twice. A read the BFF
 * shed under load is asked once more after its short `Retry-After`.
 */
export async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const idempotencyKey = takesIdempotencyKey(method, path) ? newIdempotencyKey() : null;
  const stop =
    options.quiet || serverFetch !== null
      ? () => {}
      : startLoading({ dim: options.dim, stop: options.loaderStop });
  try {
    let csrfRenewable = true;
    let retries = idempotencyKey === null ? 0 : 1;
    let waits = retries;
    let busyWaits = method === 'GET' ? 1 : 0;
    for (;;) {
      try {
        const sent = await send<T>(method, path, options, idempotencyKey, csrfRenewable);
        if (sent !== RENEW_CSRF) return sent;
        csrfRenewable = false;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const wait = inFlightWaitMs(error.status, error.field, error.retryAfter);
        const busyWait = busyWaitMs(error.status, error.retryAfter);
        if (wait !== null && waits-- > 0) {
          await new Promise((resolve) => setTimeout(resolve, wait));
        } else if (busyWait !== null && busyWaits-- > 0) {
          await new Promise((resolve) => setTimeout(resolve, busyWait));
        } else if (isWorthRetrying(error.status) && retries-- > 0) {
          // A write the BFF shed (a full lane: nothing was done) waits as a shed read does.
          if (busyWait !== null) await new Promise((resolve) => setTimeout(resolve, busyWait));
        } else {
          throw error;
        }
      }
    }
  } finally {
    stop();
  }
}

/** Short-lived cache of GETs so a prefetched page opens without waiting. */
const prefetched = new Map<string, { at: number; promise: Promise<unknown> }>();
const PREFETCH_FRESH_MS = 30_000;

export function getJson<T>(path: string): Promise<T> {
  const hit = prefetched.get(path);
  if (hit && Date.now() - hit.at < PREFETCH_FRESH_MS) {
    prefetched.delete(path);
    return hit.promise as Promise<T>;
  }
  return request<T>('GET', path).then((response) => response.body);
}

export function prefetchJson(path: string): void {
  const hit = prefetched.get(path);
  if (hit && Date.now() - hit.at < PREFETCH_FRESH_MS) return;
  const promise = request('GET', path, { quiet: true }).then((response) => response.body);
  promise.catch(() => prefetched.delete(path));
  prefetched.set(path, { at: Date.now(), promise });
}

/** Forget cached GETs (after sign-in/out or saving priorities the rankings change). */
export function clearPrefetched(): void {
  prefetched.clear();
}
