import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';

/** An answer of the BFF's own routes, read without a socket (decision 0049). */
export interface InProcessAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * A GET of `url` handed to `handle` as if it came over HTTP, its answer collected instead of
 * written: the page renderer reads the same kept answers and handlers as a browser would, with no
 * loopback connection and no token to tell its requests apart (they cannot come from outside).
 */
export function getInProcess(
  url: string,
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<InProcessAnswer> {
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
  return new Promise((resolve) => {
    // Own properties: Express swaps the response's prototype for its own, keeping these.
    Object.assign(response, {
      writeHead(status: number, ...rest: unknown[]) {
        response.statusCode = status;
        const headers = rest.find((item) => typeof item === 'object' && item !== null);
        for (const [name, value] of headerPairs(headers as OutgoingHttpHeaders | string[])) {
          response.setHeader(name, value);
        }
        return response;
      },
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
        resolve({ status: response.statusCode, headers, body: Buffer.concat(chunks) });
        response.emit('finish');
        response.emit('close');
        return response;
      },
    });
    handle(request, response);
  });
}

/** writeHead's headers, given as an object or as the flat `[name, value, …]` list. */
function headerPairs(headers: OutgoingHttpHeaders | string[] | undefined): [string, string][] {
  if (headers === undefined) return [];
  if (Array.isArray(headers)) {
    const pairs: [string, string][] = [];
    for (let i = 0; i + 1 < headers.length; i += 2) pairs.push([headers[i], headers[i + 1]]);
    return pairs;
  }
  return Object.entries(headers).flatMap(([name, value]) =>
    value === undefined ? [] : [[name, String(value)] as [string, string]],
  );
}

/** The answer as the Fetch API's `Response`, which the web app's request code reads. */
export function asFetchResponse({ status, headers, body }: InProcessAnswer): Response {
  const bytes = status === 204 || status === 304 ? null : new Uint8Array(body);
  return new Response(bytes, { status, headers });
}
