/** Where the edge leaves a search query's exact body for the route that keeps its answer. */
export const QUERY_BODY = Symbol('query body');

/** The key of a kept search answer: the endpoint and the exact body asked. */
export function queryKey(url: string, body: string): string {
  return `POST ${url}\n${body}`;
}
