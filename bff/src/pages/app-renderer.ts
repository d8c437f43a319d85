import { existsSync } from 'node:fs';
import { ServiceUnavailableError } from '@upright/transport';
import { scriptJson } from './html';

/** What the web's server entry (`web/src/entry-server.tsx`, built to `dist-server/`) exports. */
interface WebServerEntry {
  FIRST_ANSWERS_ELEMENT_ID: string;
  configureRequests(fetchAnswer: (path: string, init: RequestInit) => Promise<Response>): void;
  renderApp(location: string, timeoutMs: number): Promise<RenderedApp>;
  /** The web route table's location of a URL: its path and the query its route reads. */
  canonicalLocation?(location: string): string;
  /** Whether a path is a bare page (a widget), by the web route table. */
  isBarePath(pathname: string): boolean;
}

interface RenderedApp {
  html: string;
  firstAnswers: { location: string; answers: Record<string, Outcome> };
}

type Outcome =
  { kind: 'ready'; data: unknown } | { kind: 'error'; message: string; status: number | null };

/** A page whose requests take longer than this is sent as the bare app (and not kept). */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * The web app's public pages rendered on the server by the same components as in the browser
 * (record 0039). The components read the BFF's own API answers through an in-process call into
 * the edge (record 0049: kept answers make that cheap, and the page is then kept itself); their
 * answers go in the page so the browser's first render adopts the HTML instead of replacing it.
 */
export class AppRenderer {
  private fetchAnswer: ((path: string) => Promise<Response>) | null = null;

  private constructor(private readonly entry: WebServerEntry) {}

  /** The built server entry, or null when the web app was built without it (tests of the API). */
  static load(entryFile: string): AppRenderer | null {
    if (!existsSync(entryFile)) return null;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a build output found at run time
    return new AppRenderer(require(entryFile) as WebServerEntry);
  }

  /** The edge's in-process GET (record 0049): where the app's requests go while it renders. */
  readAnswersFrom(fetchAnswer: (path: string) => Promise<Response>): void {
    this.fetchAnswer = fetchAnswer;
  }

  /**
   * Where a page is kept and rendered (record 0049): query parameters its route does not read
   * (`utm_*`, `fbclid`, junk) are dropped, by the web's own route table.
   */
  canonicalLocation(url: string): string {
    return this.entry.canonicalLocation?.(url) ?? url;
  }

  /** Widgets are the only pages other sites may frame (docs/product/rules.md#s13). */
  isBarePath(pathname: string): boolean {
    return this.entry.isBarePath(pathname);
  }

  /**
   * What goes inside the app's root element, then the answers the browser adopts it with. A page
   * whose data could not be read (a service away, a time-out) throws like the service call would.
   */
  async render(location: string): Promise<{ root: string; afterRoot: string }> {
    // The entry is one module per process: a second BFF in it (tests) must not keep the first's.
    if (this.fetchAnswer !== null) this.entry.configureRequests(this.fetchAnswer);
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
