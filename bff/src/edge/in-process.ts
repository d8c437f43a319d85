import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';

/**
 * A GET of `url` handed to `handle` as if it came over HTTP, its answer collected instead of
 * written, as the Fetch API's `Response` the web app's request code reads (decision 0049): the
 * page renderer reads the same kept answers and handlers as a browser would, with no
 * loopback connection and no token to tell its requests apart (they cannot come from outside).
 */
export function getInProcess(
  url: string,
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<Response> {
  const request = new IncomingMessage(new Socket());
  request.method = 'GET';
  request.url = url;
  request.headers = { host: 'in-process', accept: 'application/json' };
  request.push(null);
  const response = new ServerResponse(request);
  const chunks: Buffer[] = [];
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array),
    );
  };
  // A header set and removed makes writeHead merge its headers into getHeaders() (Node keeps
  // the progressive map once there is one) instead of writing them out.
  response.setHeader('x-in-process', '');
  response.removeHeader('x-in-process');
  return new Promise((resolve) => {
    // Own properties: Express swaps the response's prototype for its own, keeping these.
    Object.assign(response, {
      write(chunk: unknown, encoding?: unknown) {
        collect(chunk, encoding);
        return true;
      },
      end(chunk?: unknown, encoding?: unknown) {
        collect(chunk, encoding);
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.getHeaders())) {
          if (value !== undefined) headers[name] = String(value);
        }
        const { statusCode: status } = response;
        const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
        resolve(new Response(body, { status, headers }));
        response.emit('finish');
        response.emit('close');
        return response;
      },
    });
    handle(request, response);
  });
}
