import { existsSync } from 'node:fs';
import { scriptJson } from './html';
import type { PageHead } from '@upright/contracts';

/**
 * What the web's server entry (`web/src/entry-server.tsx`, built to `dist-server/`) exports: the
 * web's route table decides what a location is, its status and head (decision 0049); the BFF writes
 * what it says.
 */
interface WebServerEntry {
  FIRST_ANSWERS_ELEMENT_ID: string;
  configureRequests(fetchAnswer: (path: string, init: RequestInit) => Promise<Response>): void;
  planPage(location: string): PagePlan;
  renderApp(
    location: string,
    options: { timeoutMs: number; productName: string },
  ): Promise<RenderedPage>;
  /** The public pages at a fixed address, for the sitemap. */
  FIXED_PUBLIC_PATHS: readonly string[];
  /** The web route table's location of a URL: its path and the query its route reads. */
  canonicalLocation(location: string): string;
  /** Whether a path is a bare page (a widget), by the web route table. */
  isBarePath(pathname: string): boolean;
}

/** What the server does with a location before reading any data (the entry's `PagePlan`). */
export type PagePlan =
  | { kind: 'moved'; location: string }
  | { kind: 'not-found' }
  | { kind: 'browser' }
  | { kind: 'rendered'; kept: boolean };

/** A page as the entry made it (its `RenderedPage`). */
export interface RenderedPage {
  /** 200, 301 or 404; else the status of the answer that could not be read (503, 504, …). */
  status: number;
  location: string | null;
  /** null: nothing was rendered (a move, a failure, a page the browser renders alone). */
  head: PageHead | null;
  html: string;
  answers: unknown;
  retryAfter: string | null;
}

/** A page whose requests take longer than this fails (and is sent as the bare app, not kept). */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * The web app's pages decided and rendered on the server by the web's own route table and
 * components (decisions 0039, 0049). The components and the heads read the BFF's own API answers
 * through an in-process call into the edge (kept answers make that cheap, and the page is then
 * kept itself); their answers go in the page so the browser's first render adopts the HTML.
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

  /** The edge's in-process GET (decision 0049): where the app's requests go while it renders. */
  readAnswersFrom(fetchAnswer: (path: string) => Promise<Response>): void {
    this.fetchAnswer = fetchAnswer;
  }

  /**
   * Where a page is kept and rendered (decision 0049): query parameters its route does not read
   * (`utm_*`, `fbclid`, junk) are dropped, by the web's own route table.
   */
  canonicalLocation(url: string): string {
    return this.entry.canonicalLocation(url);
  }

  /** Widgets are the only pages other sites may frame (docs/product/rules.md#s13). */
  isBarePath(pathname: string): boolean {
    return this.entry.isBarePath(pathname);
  }

  get fixedPublicPaths(): readonly string[] {
    return this.entry.FIXED_PUBLIC_PATHS;
  }

  plan(location: string): PagePlan {
    return this.entry.planPage(location);
  }

  /** Rejects when a component fails or the render takes too long, so no broken page is kept. */
  render(location: string, productName: string): Promise<RenderedPage> {
    // The entry is one module per process: a second BFF in it (tests) must not keep the first's.
    if (this.fetchAnswer !== null) this.entry.configureRequests(this.fetchAnswer);
    return this.entry.renderApp(location, { timeoutMs: RENDER_TIMEOUT_MS, productName });
  }

  /** The answers a page was rendered with, where the browser looks for them. */
  answersScript(answers: unknown): string {
    const id = this.entry.FIRST_ANSWERS_ELEMENT_ID;
    return `<script type="application/json" id="${id}">${scriptJson(answers)}</script>`;
  }
}
