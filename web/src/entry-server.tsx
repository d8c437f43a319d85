import { Writable } from 'node:stream';
import { RETRY_AFTER_SECONDS, type PageHead } from '@upright/contracts';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { AppTree } from './AppTree';
import { requestFromServer, type ServerFetch } from './api/http';
import { decidePage } from './routes/page-plan';
import type { FirstAnswersRecord, Outcome } from './ssr/first-answers';
import { readPageAnswer } from './ssr/page-answers';
import { ServerAnswers } from './ssr/server-answers';

export { FIRST_ANSWERS_ELEMENT_ID } from './ssr/first-answers';
export type { FirstAnswersRecord } from './ssr/first-answers';
export type { PagePlan } from './routes/page-plan';

/**
 * The BFF keeps and renders a page under this location, lets other sites frame bare pages
 * (widgets, docs/product/rules.md#s13), knows what a location is before it spends a render and
 * lists the fixed pages in the sitemap, all by this route table (decision 0049).
 */
export { canonicalLocation, isBarePath } from './routes/table';
export { FIXED_PUBLIC_PATHS, planPage } from './routes/page-plan';

/** A page as the server sends it first; the BFF writes what this says. */
export interface RenderedPage {
  /** 200, 301 or 404; else the status of the answer that could not be read (503, 504, …). */
  status: number;
  /** Where a 301 sends the visitor, with the query it came with. */
  location: string | null;
  /** The page's head; null for a move, a failure or a page the browser renders alone. */
  head: PageHead | null;
  /** What goes inside `<div id="root">` ('' when nothing was rendered). */
  html: string;
  /** What goes in the page for the browser's first render (`FIRST_ANSWERS_ELEMENT_ID`). */
  answers: FirstAnswersRecord | null;
  /** A failure's advice to come back later (seconds). */
  retryAfter: string | null;
}

const NOTHING_RENDERED = { location: null, head: null, html: '', answers: null, retryAfter: null };

let fetchAnswer: ServerFetch = fetch;

/** The renderer reads its answers through the BFF's in-process call (decision 0049). */
export function configureRequests(fetchFromServer: ServerFetch): void {
  requestFromServer(fetchFromServer);
  fetchAnswer = fetchFromServer;
}

/**
 * The page at `location` (path and the query its route reads): its status and head from the
 * answers its route's `data` lists (routes/heads.ts), where it moved, or the app rendered by the
 * same components as in the browser with the answers they read.
 */
export async function renderApp(
  location: string,
  options: { timeoutMs: number; productName: string },
): Promise<RenderedPage> {
  const decision = await decidePage(
    location,
    (path) => readPageAnswer(fetchAnswer, path),
    options.productName,
  );
  switch (decision.kind) {
    case 'moved':
      return { ...NOTHING_RENDERED, status: 301, location: decision.location };
    case 'browser':
      return { ...NOTHING_RENDERED, status: 200 };
    case 'unavailable':
      return { ...NOTHING_RENDERED, status: decision.status, retryAfter: decision.retryAfter };
  }
  const { html, answers } = await renderTree(location, options.timeoutMs);
  // A part whose data could not be read would be kept showing an error: the page cannot be made.
  if (Object.values(answers.answers).some(isFailure)) {
    return { ...NOTHING_RENDERED, status: 503, retryAfter: String(RETRY_AFTER_SECONDS) };
  }
  return { ...NOTHING_RENDERED, status: decision.status, head: decision.head, html, answers };
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

/**
 * The app rendered by React 18 streaming server rendering (decision 0039): the stream is collected
 * whole, because the BFF keeps the page's bytes like any public answer. Rejects when a component
 * fails, so no half-rendered page is kept.
 */
function renderTree(
  location: string,
  timeoutMs: number,
): Promise<{ html: string; answers: FirstAnswersRecord }> {
  const answers = new ServerAnswers(location);
  return new Promise((resolve, reject) => {
    let html = '';
    let failure: unknown = null;
    const stream = renderToPipeableStream(
      <StaticRouter location={location}>
        <AppTree firstAnswers={answers} />
      </StaticRouter>,
      {
        onAllReady: () => stream.pipe(sink),
        onShellError: (error) => finish(error),
        onError(error) {
          failure ??= error;
        },
      },
    );
    const timer = setTimeout(() => {
      finish(new Error(`rendering ${location} took over ${timeoutMs} ms`));
      stream.abort();
    }, timeoutMs);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        done();
        finish(failure);
      },
    });
    const finish = (error: unknown) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve({ html, answers: answers.record() });
    };
  });
}
