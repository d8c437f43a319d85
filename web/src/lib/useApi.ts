import { useEffect, useState } from 'react';
import { errorMessage } from '../api/http';

export type Loadable<T> =
  | { kind: 'loading' }
  | { kind: 'ready'; data: T }
  | { kind: 'error'; message: string; status: number | null };

/** Runs a request when its inputs change and ignores answers that arrive after newer ones. */
export function useApi<T>(load: () => Promise<T>, inputs: readonly unknown[]): Loadable<T> {
  const [state, setState] = useState<Loadable<T>>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ kind: 'loading' });
    load()
      .then((data) => current && setState({ kind: 'ready', data }))
      .catch((error: unknown) => {
        if (!current) return;
        const status = (error as { status?: number }).status ?? null;
        setState({ kind: 'error', message: errorMessage(error), status });
      });
    return () => {
      current = false;
    };
    // The caller lists the inputs the request depends on.
  }, inputs);
  return state;
}

/** Sets the document title for the page. */
export function useTitle(title: string | null): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
