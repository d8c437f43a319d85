import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { AppTree } from './AppTree';
import { requestFromServer } from './api/http';
import type { FirstAnswersRecord } from './ssr/first-answers';
import { ServerAnswers } from './ssr/server-answers';

export { FIRST_ANSWERS_ELEMENT_ID } from './ssr/first-answers';
export type { FirstAnswersRecord } from './ssr/first-answers';

export interface RenderedApp {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** What goes in the page for the browser's first render (`FIRST_ANSWERS_ELEMENT_ID`). */
  firstAnswers: FirstAnswersRecord;
}

/**
 * The BFF keeps and renders a page under this location, and lets other sites frame bare pages
 * (widgets, docs/product/rules.md#s13), by this route table (record 0049).
 */
export { canonicalLocation, isBarePath } from './routes/table';

/** The renderer reads its answers through the BFF's in-process call (record 0049). */
export const configureRequests = requestFromServer;

/**
 * A public page rendered by the same components as in the browser (React 18 streaming server
 * rendering, record 0039): the stream is collected whole, because the BFF keeps the page's bytes
 * like any public answer. Rejects when a component fails, so no half-rendered page is kept.
 */
export function renderApp(location: string, timeoutMs: number): Promise<RenderedApp> {
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
      else resolve({ html, firstAnswers: answers.record() });
    };
  });
}
