import { IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';

export type Middleware = (
  request: IncomingMessage,
  response: ServerResponse,
  next: () => void,
) => void;

/**
 * Helmet's headers with one framing policy (docs/product/rules.md#s13): widgets may be framed by
 * any site, every other answer only by this one. X-Frame-Options cannot say "any site", so widgets
 * send none rather than one that contradicts their policy. Scripts: this origin's files and the
 * page's own inline scripts by hash (decision 0040), never `unsafe-inline`. Connections: this origin
 * and the analytics provider's, when one is configured (decision 0045).
 */
export function securityHeaders(
  frameAncestors: string[],
  inlineScripts: string[],
  connectSources: string[],
): Middleware {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...inlineScripts],
        connectSrc: ["'self'", ...connectSources],
        frameAncestors,
      },
    },
    xFrameOptions: frameAncestors.includes('*') ? false : { action: 'sameorigin' },
  }) as Middleware;
}

/**
 * The headers a middleware sets, read from a real response that is never sent: helmet's do not
 * depend on the request, so the edge sends these with kept answers instead of running helmet.
 */
export function headersOf(middleware: Middleware): OutgoingHttpHeaders {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  middleware(response.req, response, () => undefined);
  return response.getHeaders();
}
