import { useEffect, useState } from 'react';
import { errorMessage } from '../api/http';

export type Loadable<T> =
  | { kind: 'loading' }
  | { kind: 'ready'; data: T }
  | { kind: 'error'; message: string; status: number | null; retry: () => void };

/**
 * Runs a request when its inputs change and ignores answers that arrive after newer ones. A
 * failed request can be run again with the error state's `retry`.
 */
export function useApi<T>(load: () => Promise<T>, inputs: readonly unknown[]): Loadable<T> {
  const [state, setState] = useState<Loadable<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setState({ kind: 'loading' });
    load()
      .then((data) => current && setState({ kind: 'ready', data }))
      .catch((error: unknown) => {
        if (!current) return;
        const status = (error as { status?: number }).status ?? null;
        const retry = () => setAttempt((count) => count + 1);
        setState({ kind: 'error', message: errorMessage(error), status, retry });
      });
    return () => {
      current = false;
    };
    // The caller lists the inputs the request depends on.
  }, [...inputs, attempt]);
  return state;
}

/** Sets the document title for the page. */
export function useTitle(title: string | null): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
