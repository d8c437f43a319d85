import { startTransition, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { errorMessage } from '../api/http';
import { useFirstAnswers, type Outcome } from '../ssr/first-answers';

export type Loadable<T> =
  | { kind: 'loading' }
  | { kind: 'ready'; data: T }
  | { kind: 'error'; message: string; status: number | null; retry: () => void };

/**
 * Runs a request when its inputs change and ignores answers that arrive after newer ones. A
 * failed request can be run again with the error state's `retry`. On a server-made page the first
 * render takes the answer the server rendered with (decision 0039) and makes no request.
 */
export function useApi<T>(load: () => Promise<T>, inputs: readonly unknown[]): Loadable<T> {
  const id = useId();
  const { pathname, search } = useLocation();
  const first = useFirstAnswers();
  const [attempt, setAttempt] = useState(0);
  const retry = () => setAttempt((count) => count + 1);
  const [state, setState] = useState<Loadable<T>>(() =>
    loadableOf<T>(first?.take(id, load, pathname + search), retry),
  );
  // Parts of a server-made page: adopted, then updated in transitions (below).
  const serverMade = useRef(state.kind !== 'loading');
  const answeredFirst = useRef(serverMade.current);
  useEffect(() => {
    if (answeredFirst.current) {
      answeredFirst.current = false;
      // Adopted after the session probe found a member: the answer was the visitor's.
      if (!first?.forOtherViewer) return;
    }
    let current = true;
    // On a server-made page a part still being adopted (a chart's chunk on its way) must wait for
    // the new state, not be drawn again: a transition (decision 0039).
    const show = (next: Loadable<T>) => {
      if (!current) return;
      if (serverMade.current) startTransition(() => setState(next));
      else setState(next);
    };
    show({ kind: 'loading' });
    load()
      .then((data) => show({ kind: 'ready', data }))
      .catch((error: unknown) => {
        const status = (error as { status?: number }).status ?? null;
        show({ kind: 'error', message: errorMessage(error), status, retry });
      });
    return () => {
      current = false;
    };
    // The caller lists the inputs the request depends on.
  }, [...inputs, attempt]);
  return state;
}

function loadableOf<T>(outcome: Outcome | undefined, retry: () => void): Loadable<T> {
  if (outcome === undefined) return { kind: 'loading' };
  if (outcome.kind === 'ready') return { kind: 'ready', data: outcome.data as T };
  return { ...outcome, retry };
}
