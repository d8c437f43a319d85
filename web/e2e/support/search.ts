import type { Page, Request } from 'playwright-core';
import { newPage } from './browser';

/**
 * How long a ReactiveSearch answer may take to show on CI's two cores (Chromium and the whole
 * stack), where answers otherwise show in under a second. The waits that CI saw fail were not
 * slowness: a page's first request, refused once under load, was never asked again and its panel
 * stayed empty (now asked again by src/search/search-fetch.ts; search.e2e-spec.ts's refusal test).
 */
export const SEARCH_WAIT_MS = 30_000;

/** What each page asked the search API and was answered, for a failure to show. */
const exchanges = new WeakMap<Page, { noted: string[]; unanswered: Set<Request> }>();

/** The query ids of a ReactiveSearch body ("results", "q", …), or what the body was. */
export function queryIds(body: string | null): string {
  try {
    return (JSON.parse(body ?? '') as { query: Array<{ id: string }> }).query
      .map((query) => query.id)
      .join(', ');
  } catch {
    return body === null ? 'no body' : 'not a ReactiveSearch body';
  }
}

/** A search request as a failure names it: method, path and query ids. */
function named(request: Request): string {
  return `${request.method()} ${new URL(request.url()).pathname} [${queryIds(request.postData())}]`;
}

/**
 * `newPage`, with its search requests, their answers (a failure's code and `Retry-After`), the
 * requests still unanswered, and the page's errors noted.
 */
export async function newSearchPage(...args: Parameters<typeof newPage>) {
  const made = await newPage(...args);
  const noted: string[] = [];
  const unanswered = new Set<Request>();
  const began = Date.now();
  const note = (line: string) => noted.push(`${Date.now() - began} ms ${line}`);
  exchanges.set(made.page, { noted, unanswered });
  const isSearch = (request: Request) => request.url().includes('/api/search/');
  made.page.on('request', (request) => {
    if (isSearch(request)) unanswered.add(request);
  });
  made.page.on('response', (response) => {
    const request = response.request();
    if (!isSearch(request)) return;
    unanswered.delete(request);
    const retryAfter = response.headers()['retry-after'];
    const failure = response.ok()
      ? ''
      : ` ${response.headers()['content-type']?.includes('json') ? 'json' : 'body'}${retryAfter ? `, Retry-After ${retryAfter}` : ''}`;
    note(`${named(request)} → ${response.status()}${failure}`);
  });
  made.page.on('requestfailed', (request) => {
    unanswered.delete(request);
    note(`${request.url()} failed: ${request.failure()?.errorText}`);
  });
  made.page.on('pageerror', (error) => note(`page error: ${error.message}`));
  made.page.on('console', (message) => {
    if (message.type() === 'error') note(`console error: ${message.text()}`);
  });
  made.page.on(
    'framenavigated',
    (frame) => frame === made.page.mainFrame() && note(`at ${frame.url()}`),
  );
  return made;
}

/**
 * Waits for `waiting`; a failure says what the page asked the search API and was answered,
 * which searches were still unanswered, and what the results panel showed.
 */
export async function explained<T>(page: Page, waiting: Promise<T>): Promise<T> {
  try {
    return await waiting;
  } catch (error) {
    const seen = exchanges.get(page);
    const lines = [...(seen?.noted ?? [])];
    for (const request of seen?.unanswered ?? []) lines.push(`unanswered: ${named(request)}`);
    const panel = await page
      .getByTestId('search-panel')
      .innerText({ timeout: 1000 })
      .catch(() => '(no search panel)');
    throw new Error(
      `${(error as Error).message}\nThe page's search exchanges:\n${lines.join('\n') || '(none)'}` +
        `\nThe search panel showed:\n${panel.slice(0, 600)}`,
    );
  }
}
