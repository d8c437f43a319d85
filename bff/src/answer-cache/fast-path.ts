import type {
  IncomingMessage,
  OutgoingHttpHeaders,
  RequestListener,
  Server,
  ServerResponse,
} from 'node:http';
import { carriesMemberCredentials } from '../auth';
import type { AnswerCache } from './answer-cache.service';
import { answerHeaders } from './answer-headers';
import { etagMatches, preferredCoding } from './negotiation';

/**
 * The fast half of the read path (decisions §11): a GET or HEAD whose answer is kept is sent
 * straight from the bytes, before Express, Nest, body parsing and logging, so a visitor's read
 * costs about what a bare `node:http` server costs to send the same bytes. Everything else (and
 * a possible member asking a personal route) goes on to the application unchanged.
 * `securityHeaders` are the ones the application's middleware would have added.
 */
export function installFastPath(
  server: Server,
  cache: AnswerCache,
  securityHeaders: OutgoingHttpHeaders,
): void {
  const application = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (sendKept(request, response)) return;
    for (const listener of application) listener(request, response);
  });

  function sendKept(request: IncomingMessage, response: ServerResponse): boolean {
    const { method, url } = request;
    if ((method !== 'GET' && method !== 'HEAD') || url === undefined) return false;
    const answer = cache.store.get(url);
    if (answer === undefined) return false;
    if (answer.policy.personal && carriesMemberCredentials(request.headers)) return false;
    const coding = preferredCoding(request.headers['accept-encoding']);
    const { body, headers } = answerHeaders(answer, coding, cache.publicCacheControl);
    if (etagMatches(request.headers['if-none-match'], String(headers.etag))) {
      delete headers['content-encoding'];
      response.writeHead(304, { ...securityHeaders, ...headers });
      response.end();
      return true;
    }
    response.writeHead(200, { ...securityHeaders, ...headers, 'content-length': body.length });
    response.end(method === 'HEAD' ? undefined : body);
    return true;
  }
}
