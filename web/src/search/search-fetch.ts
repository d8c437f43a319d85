import { retryWaitMs } from '@upright/contracts';
import { busyWaitMs } from '../api/idempotent-write';

/** How many times a search is asked again before its failure reaches the panel's error slot. */
export const SEARCH_RETRIES = 2;

/** The wait after no answer, a 502 or a 504: a replica restarting or a deadline passed. */
const LOST_ANSWER_WAIT_SECONDS = 1;

/**
 * The wait before asking a failed search again, or null when its answer stands: a refusal the
 * BFF names with a short `Retry-After` waits that long (with jitter, decision 0069); no answer
 * at all (status 0), a 502 or a 504 waits a second.
 */
export function searchRetryWaitMs(status: number, retryAfter: string | null): number | null {
  if (status === 503) return busyWaitMs(status, retryAfter);
  const lost = status === 0 || status === 502 || status === 504;
  return lost ? retryWaitMs(LOST_ANSWER_WAIT_SECONDS) : null;
}

type FailureListener = (body: string) => void;
const failureListeners = new Set<FailureListener>();

/**
 * Calls `listener` with the body of every search that failed for good (retries spent, or an
 * answer not worth asking again): ReactiveSearch leaves the components of a failed first
 * request waiting without an error, so the results panel learns of it here. Returns the
 * unsubscribe.
 */
export function onSearchFailed(listener: FailureListener): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

function failed(init: RequestInit | undefined): void {
  const body = typeof init?.body === 'string' ? init.body : '';
  for (const listener of failureListeners) listener(body);
}

/** Resolves after `ms`, or rejects as the request would once `signal` aborts. */
function pause(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/**
 * The `fetch` of ReactiveSearch's clients (appbase-js and @appbaseio/analytics import
 * `cross-fetch`, which web/vite.config.ts resolves to this module): the browser's own, asking a
 * search again after a refusal or a lost answer, as the app's own API client asks a read again
 * (web/src/api/http.ts). ReactiveSearch sends the first queries of a page together and, when
 * that one request fails, leaves every component of it waiting with nothing to show: a
 * one-second refusal under load left a shared link's results panel empty for good.
 * A search is a read (its analytics a count), so asking it again changes nothing twice over.
 */
export async function searchFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  for (let retries = SEARCH_RETRIES; ; retries -= 1) {
    let wait: number | null;
    try {
      const response = await globalThis.fetch(input, init);
      wait = searchRetryWaitMs(response.status, response.headers.get('Retry-After'));
      if (wait === null || retries === 0) {
        if (!response.ok) failed(init);
        return response;
      }
    } catch (error) {
      if (init?.signal?.aborted) throw error;
      if (retries === 0) {
        failed(init);
        throw error;
      }
      wait = searchRetryWaitMs(0, null)!;
    }
    await pause(wait, init?.signal);
  }
}

export default searchFetch;
export { searchFetch as fetch };
export const Headers = globalThis.Headers;
export const Request = globalThis.Request;
export const Response = globalThis.Response;
