import { ERROR_TEXTS, type ErrorBody } from '@upright/contracts';
import { CSRF_HEADER } from '../lib/constants';
import { failureText } from '../lib/messages';
import { startLoading, type LoaderStop } from '../state/loading';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
    readonly field: string | null = null,
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
      (response) => response.headers.get(CSRF_HEADER),
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
 * Where requests go when the app renders on the server (record 0039): the BFF's own address, with
 * the headers that mark the renderer's requests. Empty in the browser (same origin).
 */
let serverOrigin = '';
let serverHeaders: Record<string, string> = {};

export function requestFromServer(options: {
  origin: string;
  headers: Record<string, string>;
}): void {
  serverOrigin = options.origin;
  serverHeaders = options.headers;
}

/**
 * Every call to the BFF: JSON in and out, CSRF header on writes, docs/product/spec.md#s8 401
 * handling.
 */
export async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: RequestOptions = {},
  retryingCsrf = false,
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    const csrf = await currentCsrfToken();
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  const stop =
    options.quiet || serverOrigin !== ''
      ? () => {}
      : startLoading({ dim: options.dim, stop: options.loaderStop });
  try {
    let response: Response;
    try {
      response = await fetch(serverOrigin + path, {
        method,
        headers: { ...headers, ...serverHeaders },
        credentials: 'same-origin',
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
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
      if (isCsrfRefusal(response.status, error) && !retryingCsrf) {
        csrfToken = null;
        return await request<T>(method, path, options, true);
      }
      if (response.status === 401 && options.unauthorizedIsExpiry !== false) onUnauthorized();
      throw new ApiError(
        response.status,
        failureText(response.status, error?.message ?? ''),
        error?.code ?? null,
        error?.field ?? null,
      );
    }
    return { status: response.status, body: parsed as T };
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
