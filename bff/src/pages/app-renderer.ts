import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServiceUnavailableError } from '@upright/transport';
import { scriptJson } from './html';

/** What the web's server entry (`web/src/entry-server.tsx`, built to `dist-server/`) exports. */
interface WebServerEntry {
  FIRST_ANSWERS_ELEMENT_ID: string;
  configureRequests(options: { origin: string; headers: Record<string, string> }): void;
  renderApp(location: string, timeoutMs: number): Promise<RenderedApp>;
  /** The web route table's location of a URL: its path and the query its route reads. */
  canonicalLocation?(location: string): string;
}

interface RenderedApp {
  html: string;
  firstAnswers: { location: string; answers: Record<string, Outcome> };
}

type Outcome =
  { kind: 'ready'; data: unknown } | { kind: 'error'; message: string; status: number | null };

/** Marks the renderer's own API requests: they are not a client's, so no client budget counts them. */
export const RENDERER_HEADER = 'x-upright-renderer';

/** A page whose requests take longer than this is sent as the bare app (and not kept). */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * The web app's public pages rendered on the server by the same components as in the browser
 * (record 0039). The components ask the BFF's own API over loopback, as the browser would (kept
 * answers make that cheap, and the page is then kept itself); their answers go in the page so the
 * browser's first render adopts the HTML instead of replacing it.
 */
export class AppRenderer {
  private readonly token = randomBytes(16).toString('hex');
  private origin: string | null = null;

  private constructor(
    private readonly entry: WebServerEntry,
    private readonly server: Server,
  ) {}

  /** The built server entry, or null when the web app was built without it (tests of the API). */
  static load(entryFile: string, server: Server): AppRenderer | null {
    if (!existsSync(entryFile)) return null;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a build output found at run time
    return new AppRenderer(require(entryFile) as WebServerEntry, server);
  }

  readonly isOwnRequest = (request: IncomingMessage): boolean =>
    request.headers[RENDERER_HEADER] === this.token;

  /**
   * Where a page is kept and rendered (record 0049): query parameters its route does not read
   * (`utm_*`, `fbclid`, junk) are dropped, by the web's own route table.
   */
  canonicalLocation(url: string): string {
    return this.entry.canonicalLocation?.(url) ?? url;
  }

  /**
   * What goes inside the app's root element, then the answers the browser adopts it with. A page
   * whose data could not be read (a service away, a time-out) throws like the service call would.
   */
  async render(location: string): Promise<{ root: string; afterRoot: string }> {
    this.configureOnce();
    const { html, firstAnswers } = await this.entry.renderApp(location, RENDER_TIMEOUT_MS);
    if (Object.values(firstAnswers.answers).some(isFailure)) {
      throw new ServiceUnavailableError('bff');
    }
    const id = this.entry.FIRST_ANSWERS_ELEMENT_ID;
    return {
      root: html,
      afterRoot: `<script type="application/json" id="${id}">${scriptJson(firstAnswers)}</script>`,
    };
  }

  private configureOnce(): void {
    if (this.origin !== null) return;
    // Loopback to the port the BFF listens on, whatever address it is bound to.
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.entry.configureRequests({
      origin: this.origin,
      headers: { [RENDERER_HEADER]: this.token },
    });
  }
}

/** A failure that says nothing about the page: no answer, too many requests, a server error. */
function isFailure(outcome: Outcome): boolean {
  if (outcome.kind === 'ready') return false;
  return (
    outcome.status === null ||
    outcome.status === 0 ||
    outcome.status === 429 ||
    outcome.status >= 500
  );
}
