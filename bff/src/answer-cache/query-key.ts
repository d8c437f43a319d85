/**
 * The key of a kept search answer: the endpoint and the exact bytes of the body asked (a query
 * sent again byte for byte, as a search box does while typing, is answered from kept bytes).
 */
export function queryKey(url: string, body: Buffer): string {
  return `POST ${url}\n${body.toString('utf8')}`;
}
