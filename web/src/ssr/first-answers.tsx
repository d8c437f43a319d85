import { createContext, useContext } from 'react';
import { canonicalLocation } from '../routes/table';

/** What a page's request came to, in a form that travels from the server to the browser. */
export type Outcome =
  { kind: 'ready'; data: unknown } | { kind: 'error'; message: string; status: number | null };

/**
 * The answers a server-made page was rendered with, by the `useId` of the `useApi` that asked
 * (decision 0039): the browser's first render reads the same answers at the same places, so it
 * adopts the server's HTML instead of replacing it.
 */
export interface FirstAnswers {
  /**
   * The outcome for this request of the first page; undefined when the browser must load it. On
   * the server it suspends the render until the request is answered.
   */
  take(id: string, load: () => Promise<unknown>, location: string): Outcome | undefined;
  /** True while the first page shows what the server rendered with them. */
  readonly used: boolean;
  /**
   * True once the viewer is known to be someone other than the visitor the server rendered for. A
   * part still being adopted then (hydration can finish after the session probe answers) takes its
   * answer all the same, because its first render must match the HTML, and loads its own after.
   */
  readonly forOtherViewer: boolean;
  /** The first page is left: later renders load their own data. */
  forget(): void;
  /** The session probe found a member: the answers were a visitor's (see `forOtherViewer`). */
  viewerChanged(): void;
}

export const FirstAnswersContext = createContext<FirstAnswers | null>(null);

export function useFirstAnswers(): FirstAnswers | null {
  return useContext(FirstAnswersContext);
}

/** Where the server puts the answers in the page (a JSON script: inert, allowed by the CSP). */
export const FIRST_ANSWERS_ELEMENT_ID = 'first-answers';

export interface FirstAnswersRecord {
  /** The page's path and query the answers belong to. */
  location: string;
  answers: Record<string, Outcome>;
}

/** The browser's side: the record the server embedded, used until forgotten. */
export function embeddedFirstAnswers(record: FirstAnswersRecord): FirstAnswers {
  let used = true;
  let forOtherViewer = false;
  return {
    // The server rendered the canonical location: a shared link's tracking query is not read.
    take: (id, _load, location) =>
      used && canonicalLocation(location) === record.location ? record.answers[id] : undefined,
    get used() {
      return used;
    },
    get forOtherViewer() {
      return forOtherViewer;
    },
    forget() {
      used = false;
    },
    viewerChanged() {
      forOtherViewer = true;
    },
  };
}

/** The record in the page as sent, or null for a page the browser renders alone. */
export function readEmbeddedFirstAnswers(document: Document): FirstAnswersRecord | null {
  const element = document.getElementById(FIRST_ANSWERS_ELEMENT_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as FirstAnswersRecord;
}
