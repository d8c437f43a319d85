import type { ServerFetch } from '../api/http';
import type { PageAnswer } from '../routes/page-plan';

/**
 * The API answers a page's status and head are made from, read through the same in-process call
 * as the components' (decision 0049): its status, body and `Retry-After` as they came, a move too
 * (the app's own requests treat anything but a success as a failure).
 */
export async function readPageAnswer(fetchAnswer: ServerFetch, path: string): Promise<PageAnswer> {
  let response: Response;
  try {
    response = await fetchAnswer(path, { method: 'GET', headers: { Accept: 'application/json' } });
  } catch {
    return { status: 0, body: null, retryAfter: null };
  }
  const text = response.status === 204 ? '' : await response.text();
  let body: unknown = null;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: response.status, body, retryAfter: response.headers.get('Retry-After') };
}
